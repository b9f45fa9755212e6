// Created on first use: building an Intl formatter loads ICU locale data (~50 ms on a cold page),
// which /login never needs.
let numberFormat: Intl.NumberFormat | undefined;

export function formatNumber(value: number): string {
  numberFormat ??= new Intl.NumberFormat('id-ID');
  return numberFormat.format(value);
}

/** mm:ss of a countdown (spec 2 "OTP screens"). */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const mm = String(Math.floor(s / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

let productName = 'SSO Admin Panel';

/** The product name of texts such as the delete dialog body; set from the runtime config. */
export function setProductName(name: string): void {
  productName = name;
}

export function getProductName(): string {
  return productName;
}
