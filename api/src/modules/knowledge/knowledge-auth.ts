import { z } from 'zod';
import { notFound } from '../../lib/http-errors.ts';

export { authOf } from '../auth/auth-context.ts';

const idSchema = z.uuid();

/** A row id from the path; anything that is not a UUID cannot name a row, so it is a 404. */
export function rowIdParam(raw: string | undefined, notFoundMessage: string): string {
  const parsed = idSchema.safeParse(raw);
  if (!parsed.success) throw notFound(notFoundMessage);
  return parsed.data;
}
