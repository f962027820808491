/** The file fields a Drive query may test in this fake. */
export type DriveQueryFile = { name: string; mimeType: string; text: string };

/** One parsed Drive query: whether a file matches, and which query terms it names. */
export type DriveQuery = { matches: (file: DriveQueryFile) => boolean; terms: Set<string> };

type Token = { kind: 'word' | 'string' | 'open' | 'close' | 'operator'; text: string };

// The operators a term may take, as Drive's query reference lists them for the terms this fake knows.
const TERM_OPERATORS: Record<string, string[]> = {
  name: ['contains', '=', '!='],
  fullText: ['contains'],
  mimeType: ['contains', '=', '!='],
  trashed: ['=', '!='],
};

const includes = (haystack: string, needle: string) => haystack.toLowerCase().includes(needle.toLowerCase());

function tokenize(q: string): Token[] | undefined {
  const tokens: Token[] = [];
  const pattern = /\s*(?:'((?:[^'\\]|\\.)*)'|(\()|(\))|(!=|=)|([A-Za-z_]\w*))/y;
  let rest = q.trim();
  while (rest.length > 0) {
    pattern.lastIndex = 0;
    const match = pattern.exec(rest);
    if (!match) return undefined;
    rest = rest.slice(match[0].length).trimStart();
    if (match[1] !== undefined) tokens.push({ kind: 'string', text: match[1].replace(/\\(.)/g, '$1') });
    else if (match[2]) tokens.push({ kind: 'open', text: '(' });
    else if (match[3]) tokens.push({ kind: 'close', text: ')' });
    else if (match[4]) tokens.push({ kind: 'operator', text: match[4] });
    else tokens.push({ kind: 'word', text: match[5] ?? '' });
  }
  return tokens;
}

/**
 * Parses a Drive `q` the way Drive reads it (terms joined by `and`/`or`, `not`, parentheses; string
 * values in single quotes with backslash escapes), for the terms this fake knows. Undefined when Drive
 * would answer 400 Invalid Value.
 */
export function parseDriveQuery(q: string): DriveQuery | undefined {
  const tokens = tokenize(q);
  if (!tokens) return undefined;
  const terms = new Set<string>();
  let at = 0;
  const peek = () => tokens[at];
  const isWord = (text: string) => peek()?.kind === 'word' && peek()?.text === text;

  type Matcher = (file: DriveQueryFile) => boolean;
  const term = (): Matcher | undefined => {
    if (isWord('not')) {
      at += 1;
      const inner = term();
      return inner && ((file) => !inner(file));
    }
    if (peek()?.kind === 'open') {
      at += 1;
      const inner = either();
      if (peek()?.kind !== 'close') return undefined;
      at += 1;
      return inner;
    }
    const [field, operator, value] = [tokens[at], tokens[at + 1], tokens[at + 2]];
    at += 3;
    if (field?.kind !== 'word' || !operator || !value) return undefined;
    if (!(TERM_OPERATORS[field.text] ?? []).includes(operator.text)) return undefined;
    terms.add(field.text);
    if (field.text === 'trashed') {
      if (value.kind !== 'word' || !['true', 'false'].includes(value.text)) return undefined;
      // Nothing in the fake is in the trash.
      return () => (value.text === 'false') === (operator.text === '=');
    }
    if (value.kind !== 'string') return undefined;
    const literal = value.text;
    const test = (text: string) =>
      operator.text === 'contains' ? includes(text, literal) : (text === literal) === (operator.text === '=');
    if (field.text === 'name') return (file) => test(file.name);
    if (field.text === 'fullText') return (file) => includes(`${file.name} ${file.text}`, literal);
    return (file) => (operator.text === 'contains' ? file.mimeType.startsWith(literal) : test(file.mimeType));
  };
  const all = (): Matcher | undefined => {
    const parts = [term()];
    while (isWord('and')) {
      at += 1;
      parts.push(term());
    }
    if (parts.some((part) => !part)) return undefined;
    return (file) => parts.every((part) => part?.(file));
  };
  const either = (): Matcher | undefined => {
    const parts = [all()];
    while (isWord('or')) {
      at += 1;
      parts.push(all());
    }
    if (parts.some((part) => !part)) return undefined;
    return (file) => parts.some((part) => part?.(file));
  };

  if (tokens.length === 0) return { matches: () => true, terms };
  const matches = either();
  if (!matches || at !== tokens.length) return undefined;
  return { matches, terms };
}
