export { t } from './messages';
export { formatNumber, formatCountdown, setProductName, getProductName } from './format';
