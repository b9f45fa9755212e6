/**
 * What `localValue` needs of a schema: the Standard Schema `validate` that zod (classic and mini)
 * and valibot implement (remote-auth's stored values are valibot schemas).
 */
export interface StoredValueSchema<T> {
  readonly '~standard': {
    validate(
      value: unknown,
    ): { value: T; issues?: undefined } | { issues: readonly unknown[] } | Promise<unknown>;
  };
}

/**
 * Small typed localStorage values of the auth flows (nik, masked phone, otp, resend count/expiry),
 * each parsed on read so a tampered value reads as absent.
 */
export function localValue<T>(key: string, schema: StoredValueSchema<T>) {
  return {
    key,
    read(): T | null {
      try {
        const raw = window.localStorage.getItem(key);
        if (raw === null) return null;
        const result = schema['~standard'].validate(JSON.parse(raw));
        if (result instanceof Promise || result.issues) return null;
        return result.value;
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
