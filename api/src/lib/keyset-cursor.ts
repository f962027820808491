import type { Context } from 'koa';
import { z } from 'zod';
import { badRequest } from './http-errors.ts';

/**
 * Keyset paging for long lists: a page ends at its last row's order keys (e.g. `[0, 1, '-1700000000.5',
 * id]`), handed to the client as an opaque base64url cursor inside a `Link: <…>; rel="next"` header, and
 * the next page starts strictly after them. Stable while rows are added or move (a new text), unlike
 * offsets, and as cheap on the ten-thousandth row as on the first.
 */
export type CursorKeys = readonly (string | number)[];

export function encodeCursor(keys: CursorKeys): string {
  return Buffer.from(JSON.stringify(keys)).toString('base64url');
}

/** The keys of a cursor this server made, checked with `schema`; a 400 for anything else. */
export function decodeCursor<T extends z.ZodType<CursorKeys>>(text: string, schema: T): z.output<T> {
  try {
    return schema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    throw badRequest('after must be the cursor of a Link header', 'invalid_value');
  }
}

/** A rank key of a cursor: 0 or 1. */
export const rankKey = z.union([z.literal(0), z.literal(1)]);

/** Sets `Link: <path?…&after=…>; rel="next"` when a next page exists (`next` keys given). */
export function setNextLink(
  ctx: Context,
  path: string,
  query: Record<string, string | undefined>,
  next: CursorKeys | undefined,
): void {
  if (!next) return;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  params.set('after', encodeCursor(next));
  ctx.set('Link', `<${path}?${params}>; rel="next"`);
}

/**
 * A page from rows read with `limit + 1` (the extra row only says that more follow), each carrying its
 * JSON text in `body`: the page as one JSON array text, and the next page's cursor keys if any.
 */
export function keysetPage<R extends { body: string }, K extends CursorKeys>(
  rows: readonly R[],
  limit: number,
  keysOf: (row: R) => K,
): { body: string; next?: K } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    body: `[${page.map((row) => row.body).join(',')}]`,
    next: rows.length > limit && last ? keysOf(last) : undefined,
  };
}
