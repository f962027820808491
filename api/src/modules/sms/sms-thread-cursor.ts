import { z } from 'zod';
import { badRequest } from '../../lib/http-errors.ts';

/**
 * Where a page of the thread list ends: the last thread's place in the list's order — family first (0),
 * then threads with messages (0) newest first (the negated epoch of the last message, as PostgreSQL's
 * numeric text, microseconds included), then the id. Sent to the client as opaque base64url JSON.
 */
export type ThreadCursor = { family: 0 | 1; noMessages: 0 | 1; negatedAt: string; id: string };

const cursorSchema = z.tuple([
  z.union([z.literal(0), z.literal(1)]),
  z.union([z.literal(0), z.literal(1)]),
  z.string().regex(/^-?\d+(\.\d+)?$/),
  z.uuid(),
]);

export function encodeThreadCursor(cursor: ThreadCursor): string {
  const tuple = [cursor.family, cursor.noMessages, cursor.negatedAt, cursor.id];
  return Buffer.from(JSON.stringify(tuple)).toString('base64url');
}

/** The cursor of a Link header, or a 400 when the text is not one. */
export function decodeThreadCursor(text: string): ThreadCursor {
  try {
    const [family, noMessages, negatedAt, id] = cursorSchema.parse(
      JSON.parse(Buffer.from(text, 'base64url').toString('utf8')),
    );
    return { family, noMessages, negatedAt, id };
  } catch {
    throw badRequest('after must be the cursor of a Link header', 'invalid_value');
  }
}
