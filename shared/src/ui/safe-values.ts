/** DESIGN "Security": logo URLs allow only http(s); colours only #rrggbb. */
export function safeHttpUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function safeHexColor(value: string | null | undefined, fallback = '#9aa3b2'): string {
  return value && /^#[0-9a-f]{6}$/i.test(value) ? value : fallback;
}
