export { t } from './messages';
export { formatNumber, formatCountdown, setProductName, getProductName } from './format';
export { relativeTime, exactTime, clockTime } from './time';
