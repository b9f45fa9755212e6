import type { z } from 'zod';

/**
 * Small typed localStorage values of the auth flows (nik, masked phone, otp, resend count/expiry),
 * each parsed on read so a tampered value reads as absent.
 */
export function localValue<T>(key: string, schema: z.ZodType<T>) {
  return {
    key,
    read(): T | null {
      try {
        const raw = window.localStorage.getItem(key);
        if (raw === null) return null;
        const result = schema.safeParse(JSON.parse(raw));
        return result.success ? result.data : null;
      } catch {
        return null;
      }
    },
    write(value: T): void {
      window.localStorage.setItem(key, JSON.stringify(value));
    },
    clear(): void {
      window.localStorage.removeItem(key);
    },
  };
}
