/**
 * Spec 2 "OTP screens": a phone shown masked as its first 4 characters, xxxxx, its last 3. The api
 * masks the phone it sends a code to (`masked_phone`, logs, Log Aktivitas); the phone sign-in
 * masks the number the person typed.
 */
export function maskPhone(phone: string): string {
  const value = phone.trim();
  // Too short to keep 7 characters visible without showing the whole number.
  if (value.length <= 7) return `${value.slice(0, 1)}xxxxx`;
  return `${value.slice(0, 4)}xxxxx${value.slice(-3)}`;
}
