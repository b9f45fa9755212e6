import { z } from 'zod';
import { notFound } from './errors';

const idParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** The `:id` of a route; anything that is not a positive integer cannot name a row: 404. */
export function idParam(params: unknown, notFoundMessage: string): number {
  const parsed = idParamsSchema.safeParse(params);
  if (!parsed.success) throw notFound(notFoundMessage);
  return parsed.data.id;
}
