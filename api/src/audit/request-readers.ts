import { z } from 'zod';
import { idSchema } from '@sso/shared/contract';

export type Body = Record<string, unknown>;

// What the hooks read of a request or an answer, by the contract's validator: what does not match
// reads as absent (a hook never fails a request).
const bodySchema = z.record(z.string(), z.unknown());
/** An id as a body holds it, or as a path parameter writes it. */
const anyIdSchema = z.union([
  idSchema,
  z
    .string()
    .regex(/^\d{1,15}$/)
    .pipe(z.coerce.number())
    .pipe(idSchema),
]);
const readOf =
  <T>(schema: z.ZodType<T>) =>
  (value: unknown): T | undefined => {
    const result = schema.safeParse(value);
    return result.success ? result.data : undefined;
  };
export const asObject = readOf<Body>(bodySchema);
export const asText = readOf(z.string());
export const asId = readOf(anyIdSchema);
