import { z } from 'zod';
import { notFound } from './http-errors.ts';

const uuidSchema = z.uuid();

/**
 * A row id from the path (`ctx.params.id`). Anything that is not a UUID cannot name a row, so it is
 * answered exactly like a row that does not exist (or belongs to another tenant): 404.
 */
export function uuidParam(raw: string | undefined, notFoundMessage: string): string {
  const parsed = uuidSchema.safeParse(raw);
  if (!parsed.success) throw notFound(notFoundMessage);
  return parsed.data;
}
