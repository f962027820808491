// `.env.example` and the tables of docs/configuration.md, written from the config schema
// (api/src/config/env.ts: names and defaults) and its notes (config-notes.ts: groups and meanings), so the
// schema is the one place a default lives. `npm run docs` writes them; the docs check fails when stale.
import { envSchema } from '@annie/api/src/config/env.ts';
import { CONFIG_GROUPS, type ConfigGroup, type ConfigNote } from './config-notes.ts';

export const CONFIG_DOC = 'docs/configuration.md';
export const ENV_EXAMPLE = '.env.example';
const CONFIG_START = '<!-- config:start -->';
const CONFIG_END = '<!-- config:end -->';
const GENERATED_BY = 'api/src/config/env.ts (names, defaults) and scripts/docs/config-notes.ts (meanings)';

/** One schema variable, or one `REMOTE_<NAME>_…` pattern standing for a variable per remote. */
interface Variable {
  name: string;
  /** The schema variables it stands for (one, unless a pattern). */
  expands: string[];
  /** The schema's default as the environment would spell it; undefined when it has none. */
  fallback: string | undefined;
  note: ConfigNote;
}

/** What is read of a zod schema: its definition (zod 4 keeps it at `_zod.def`). */
type AnySchema = { _zod: { def: unknown } };

/** The default a field declares, before any transform (`WEBRTC_ICE_SERVERS` is a list after it). */
function declaredDefault(field: AnySchema): unknown {
  const def = field._zod.def as {
    type: string;
    defaultValue?: unknown;
    innerType?: AnySchema;
    in?: AnySchema;
  };
  if (def.type === 'default' || def.type === 'prefault') return def.defaultValue;
  if (def.type === 'optional' || def.type === 'nullable')
    return def.innerType && declaredDefault(def.innerType);
  if (def.type === 'pipe') return def.in && declaredDefault(def.in);
  return undefined;
}

/** Each schema variable's default as text: declared, or what parsing nothing gives (a flag's `false`). */
export function schemaDefaults(
  shape: Record<string, AnySchema> = envSchema.shape,
): Map<string, string | undefined> {
  const parsed = envSchema.safeParse({});
  const unset: Record<string, unknown> = parsed.success ? parsed.data : {};
  return new Map(
    Object.entries(shape).map(([name, field]) => {
      const declared = declaredDefault(field);
      const value = declared ?? unset[name];
      const shown = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
      return [name, shown ? String(value) : undefined];
    }),
  );
}

const REMOTE_VARIABLE = /^REMOTE_([A-Z0-9]+)_([A-Z]+)$/;

/** The variables of one group, with their schema defaults; problems for notes the schema does not match. */
function variablesOf(group: ConfigGroup, defaults: Map<string, string | undefined>, problems: string[]) {
  return Object.entries(group.variables).map(([name, raw]): Variable => {
    const note = typeof raw === 'string' ? { meaning: raw } : raw;
    const expands = name.includes('<NAME>')
      ? [...defaults.keys()].filter((key) => REMOTE_VARIABLE.exec(key)?.[2] === name.split('_').at(-1))
      : [name];
    if (expands.length === 0 || !expands.every((each) => defaults.has(each)))
      problems.push(`${name} has a note in scripts/docs/config-notes.ts but is not in the config schema`);
    const first = expands[0] ?? name;
    let fallback = defaults.get(first);
    const remote = REMOTE_VARIABLE.exec(first)?.[1];
    if (fallback !== undefined && remote && name.includes('<NAME>'))
      fallback = fallback.replaceAll(remote.toLowerCase(), '<name>');
    if (fallback !== undefined && (note.unset || note.example))
      problems.push(
        `${name}: the schema has its default (${fallback}); its note may not give "unset" or "example"`,
      );
    return { name, expands, fallback, note };
  });
}

/** Every group's variables, and what disagrees between the schema and the notes. */
export function configVariables(defaults = schemaDefaults()): {
  groups: { group: ConfigGroup; variables: Variable[] }[];
  problems: string[];
} {
  const problems: string[] = [];
  const groups = CONFIG_GROUPS.map((group) => ({ group, variables: variablesOf(group, defaults, problems) }));
  const noted = new Set(groups.flatMap((each) => each.variables.flatMap((variable) => variable.expands)));
  for (const name of defaults.keys())
    if (!noted.has(name))
      problems.push(`${name} is in the config schema but has no note in scripts/docs/config-notes.ts`);
  return { groups, problems };
}

/** The remotes a `REMOTE_<NAME>_…` pattern stands for, as its meaning names them. */
function remoteNames(variable: Variable): string {
  if (!variable.name.includes('<NAME>')) return '';
  const names = variable.expands.map((each) => REMOTE_VARIABLE.exec(each)?.[1] ?? each);
  return ` (NAME: ${names.join(', ')})`;
}

/** The block of docs/configuration.md between its markers: a table per group. */
export function configTables(defaults = schemaDefaults()): string {
  const sections = configVariables(defaults).groups.map(({ group, variables }) => {
    const rows = variables.map((variable) => {
      const shown =
        variable.fallback === undefined
          ? (variable.note.unset ?? '—')
          : [`\`${variable.fallback}\``, variable.note.defaultNote].filter(Boolean).join(' ');
      return `| \`${variable.name}\` | ${shown} | ${variable.note.meaning}${remoteNames(variable)} |`;
    });
    const about = group.about ? [group.about, ''] : [];
    return [
      `## ${group.title}`,
      '',
      ...about,
      '| variable | default | meaning |',
      '|---|---|---|',
      ...rows,
    ].join('\n');
  });
  return [
    CONFIG_START,
    `<!-- Written by \`npm run docs\` from ${GENERATED_BY}: edit those, not this block. -->`,
    '',
    sections.join('\n\n'),
    CONFIG_END,
  ].join('\n');
}

/** Markdown as a comment of the env file says it: no backticks, emphasis or link targets. */
function plain(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replaceAll('`', '')
    .replaceAll('**', '');
}

/** `text` as `# ` comment lines of at most `width` characters. */
function commentLines(text: string, width = 110): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of plain(text).split(/\s+/).filter(Boolean)) {
    if (line.length + 1 + word.length > width && line !== '#') {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return lines;
}

/** The whole `.env.example`: every schema variable, commented out, with its default or an example. */
export function envExample(defaults = schemaDefaults()): string {
  const head = [
    '# Every variable the API reads (api/src/config/env.ts validates them at start and names each bad one).',
    '# None is required: `npm start` works with all of them unset. Uncomment a line to set it.',
    '# Written by `npm run docs` from api/src/config/env.ts (names, defaults) and',
    '# scripts/docs/config-notes.ts (meanings): edit those, not this file.',
  ];
  const sections = configVariables(defaults).groups.map(({ group, variables }) => {
    const lines = [`# --- ${group.title} ---`, ...(group.about ? commentLines(group.about) : [])];
    for (const variable of variables) {
      lines.push('', ...commentLines(`${variable.note.meaning}${remoteNames(variable)}`));
      for (const name of variable.expands)
        lines.push(`# ${name}=${defaults.get(name) ?? variable.note.example ?? ''}`);
    }
    return lines.join('\n');
  });
  return `${[head.join('\n'), ...sections].join('\n\n')}\n`;
}

/** `doc` with its generated block replaced; throws when the markers are missing. */
export function withConfigTables(doc: string, tables = configTables()): string {
  const start = doc.indexOf(CONFIG_START);
  const end = doc.indexOf(CONFIG_END);
  if (start < 0 || end < start) throw new Error(`${CONFIG_DOC} has no ${CONFIG_START} … ${CONFIG_END} block`);
  return doc.slice(0, start) + tables + doc.slice(end + CONFIG_END.length);
}
