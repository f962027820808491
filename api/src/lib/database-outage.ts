// Recognises "the database is not there right now" among the errors pg, pg-boss and MikroORM throw, so
// the API answers 503 with Retry-After (the client may try again) instead of 500 (a bug).

/** Socket-level failures reaching PostgreSQL. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
]);

/**
 * SQLSTATEs of an unavailable server: class 08 (connection exception), 57P01 admin shutdown, 57P02
 * crash shutdown, 57P03 cannot connect now (starting up, in recovery), 57P04 database dropped, class 53
 * (insufficient resources: 53300 too many connections, out of memory, disk full), and 25006 (a write
 * reached a read-only standby: the primary failed over and this connection still points at the old one).
 */
function isOutageSqlState(code: string): boolean {
  // 08P01 (protocol violation) is excluded: it is what a NUL character in a value provokes, not an outage.
  if (code === '08P01') return false;
  return code.startsWith('08') || code.startsWith('53') || /^57P0[1-4]$/.test(code) || code === '25006';
}

/**
 * SQLSTATEs that mean a value from the request cannot be stored: class 22 (data exception: a NUL
 * character, a number out of range, an unsupported escape), 08P01 (the protocol violation a NUL in a
 * value provokes) and 54000 (program limit: e.g. a value too large for its index).
 */
export function isUnstorableValue(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === '08P01') return !isPoolerOutage(error);
  return typeof code === 'string' && (/^22[0-9A-Z]{3}$/.test(code) || code === '54000');
}

/**
 * PgBouncer reports its own failures as 08P01 too (its server connection died in a failover, it cannot
 * reach the server): an outage, told apart from a NUL character's 08P01 by its message.
 */
const POOLER_OUTAGE_MESSAGES = [
  /server conn crashed/i,
  /server closed the connection unexpectedly/i,
  /pgbouncer cannot connect to server/i,
  /server login has been failing/i,
  /query_wait_timeout/i,
  /no more connections allowed/i,
];

function isPoolerOutage(error: unknown): boolean {
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && POOLER_OUTAGE_MESSAGES.some((pattern) => pattern.test(message));
}

/** What pg says, without a code, when a connection ended or could not be had in time. */
const OUTAGE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error/i,
  /client was closed and is not queryable/i,
  /cannot use a pool after calling end/i,
  /is not currently accepting connections/i,
  /the database system is (starting up|shutting down|in recovery)/i,
];

type ErrorLike = { code?: unknown; name?: unknown; message?: unknown; errors?: unknown };

/**
 * True when `error` means PostgreSQL is unreachable, restarting or failing over. MikroORM copies the
 * driver error's fields onto its own; AggregateError (one refusal per address) is looked into. `cause` is
 * not: a provider's `fetch failed` wraps its ECONNREFUSED there, and that is not a database outage.
 */
export function isDatabaseOutage(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const candidate = error as ErrorLike;
  if (candidate.name === 'ConnectionException') return true;
  if (typeof candidate.code === 'string') {
    if (NETWORK_CODES.has(candidate.code)) return true;
    if (/^[0-9A-Z]{5}$/.test(candidate.code) && isOutageSqlState(candidate.code)) return true;
  }
  if (
    typeof candidate.message === 'string' &&
    OUTAGE_MESSAGES.some((pattern) => pattern.test(candidate.message as string))
  )
    return true;
  if (isPoolerOutage(error)) return true;
  const inner = Array.isArray(candidate.errors) ? candidate.errors : [];
  return inner.some((each) => isDatabaseOutage(each, depth + 1));
}
