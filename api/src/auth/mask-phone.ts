/** Spec 2 "OTP screens": the first 4 characters, xxxxx, the last 3. */
export function maskPhone(phone: string): string {
  if (phone.length <= 7) return `${phone.slice(0, 1)}xxxxx`;
  return `${phone.slice(0, 4)}xxxxx${phone.slice(-3)}`;
}
