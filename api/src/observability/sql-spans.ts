import { endSpan, SpanKind, startSpan, tracingOn } from './tracing.ts';

type Queryable = { query: (...args: never[]) => unknown };

const VERB =
  /^\s*(?:\/\*.*?\*\/\s*)?(?:with\s+.*?\)\s*)?(select|insert|update|delete|merge|begin|commit|rollback|savepoint|release|set|listen|unlisten|notify|lock|create|alter|drop|copy|truncate|call)\b/is;
const TABLE = /\b(?:from|into|update|join|table)\s+((?:"?[A-Za-z_][\w$]*"?\.)?"?[A-Za-z_][\w$]*"?)/i;

/**
 * A statement's span name, from its text: its verb and first table (`select phone_call`), never its
 * values (a literal in the text is not read past the table's name).
 */
export function statementName(text: string): string {
  const head = text.slice(0, 400);
  const verb = VERB.exec(head)?.[1]?.toLowerCase() ?? 'sql';
  const table = TABLE.exec(head)?.[1]?.replaceAll('"', '');
  return table ? `${verb} ${table}` : verb;
}

const textOf = (config: unknown): string | undefined =>
  typeof config === 'string'
    ? config
    : typeof config === 'object' && config !== null && 'text' in config && !('submit' in config)
      ? String((config as { text: unknown }).text)
      : undefined;

/**
 * With tracing on, each statement `target.query` runs is a span (its name from statementName, its SQL
 * text and values never recorded): the pool's queries, and a checked-out client's own (a transaction,
 * the ORM's). A client's queries with a callback are the pool's own calls for `pool.query`, whose span
 * is already open: they are not traced twice. Nothing is wrapped while tracing is off.
 */
export function traceQueries(target: Queryable, options: { callbacks: boolean }): void {
  if (!tracingOn) return;
  const query = target.query.bind(target) as (...args: unknown[]) => unknown;
  const traced = (...args: unknown[]) => {
    const text = textOf(args[0]);
    const callback = args.findLast((arg) => typeof arg === 'function') as
      | ((error: unknown, ...rest: unknown[]) => void)
      | undefined;
    if (text === undefined || (callback && !options.callbacks)) return query(...args);
    const span = startSpan(
      statementName(text),
      { 'db.system.name': 'postgresql' },
      { kind: SpanKind.CLIENT },
    );
    if (callback) {
      const index = args.lastIndexOf(callback);
      args[index] = (error: unknown, ...rest: unknown[]) => {
        endSpan(span, error ?? undefined);
        callback(error, ...rest);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).then(
        () => endSpan(span),
        (error: unknown) => endSpan(span, error),
      );
    else endSpan(span);
    return result;
  };
  target.query = traced as never;
}
