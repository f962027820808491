// The data-access counts of issue 38 (items 2–4) for any checkout: `node scripts/data-counts.ts [root] [-v]`.
// Product code under api/src only (tests and testing/ helpers excluded); run it on an older commit
// (`git archive <commit> api/src | tar -x -C /tmp/x`, then `node scripts/data-counts.ts /tmp/x`) to compare.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = join(process.argv[2] && process.argv[2] !== '-v' ? process.argv[2] : '.', 'api/src');
const verbose = process.argv.includes('-v');
// The same statement pattern as api/src/testing/sql-source.ts.
const SQL =
  /^\s*(select\s[\s\S]*\bfrom\s|select\s+(\d|pg_|now\(|exists|set_config|current_)|insert\s+into\s+\w+\s*(\(|select|values|default)|update\s+\w+(\s+\w+)?\s+set\s|delete\s+from\s+\w+|with\s+\w+\s+as\s*\(|(listen|unlisten|notify)\s|lock\s+table|(create|alter|drop)\s+(table|index|unique|trigger|function|or)\s|truncate\s)/;
// Table owners as declared on this branch (tables.ts); fixed here so an older checkout is measured alike.
const OWNERS: Record<string, string[]> = {
  core: ['http_session'],
  tenants: ['tenant'],
  users: ['app_user'],
  auth: ['login_rate_limit'],
  'voice/profiles': ['voice_profile', 'voice_profile_version', 'voice_test_ticket'],
  'voice/call-sessions': ['call_session', 'call_session_figures'],
  'voice/conversations': ['voice_conversation', 'voice_conversation_message'],
  'voice/phone-calls': ['phone_call'],
  sms: ['messaging_number', 'sms_thread', 'sms_message', 'sms_draft'],
  usage: ['usage_settings', 'usage_entry'],
  lab: ['lab_job'],
  workspace: ['google_account'],
  contacts: ['contact'],
  'remote-releases': [
    'remote_release',
    'remote_release_file',
    'remote_state',
    'remote_audit',
    'remote_load_error',
    'remote_assignment',
    'remote_deploy_token',
  ],
  knowledge: ['knowledge_fact', 'knowledge_fact_version', 'knowledge_note'],
  trust: ['phone_own_number', 'phone_lockout', 'call_message', 'pending_action', 'phone_access'],
};
const ownerOf = new Map(Object.entries(OWNERS).flatMap(([owner, tables]) => tables.map((t) => [t, owner])));

const walk = (dir: string, out: string[] = []): string[] => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (name.endsWith('.ts')) out.push(relative(root, path));
  }
  return out;
};
const product = walk(root).filter((p) => !/\.test\.ts$|(^|\/)testing\//.test(p));
const text = new Map(product.map((p) => [p, readFileSync(join(root, p), 'utf8')]));
const count = (re: RegExp, files = product) => {
  let n = 0;
  const hit: string[] = [];
  for (const p of files) {
    const k = (text.get(p) ?? '').match(re)?.length ?? 0;
    if (k) hit.push(p);
    n += k;
  }
  return { n, files: hit };
};
const show = (label: string, c: { n: number; files: string[] }) => {
  console.log(`${label}: ${c.n} in ${c.files.length} files`);
  if (verbose) for (const f of c.files) console.log(`    ${f}`);
};

const notDbHelpers = product.filter((p) => !/^db\/(scoped-sql|transaction)\.ts$/.test(p));
show(
  'ORM calls (em/tx .find/.persist/.flush/…)',
  count(
    /\b(em|tx|ctx\.state\.em|em\(\))\.(find|findOne|findOneOrFail|findAndCount|count|persist|flush|remove|create|getReference|nativeUpdate|nativeDelete|upsert|assign|transactional|insert|populate)\(/g,
  ),
);
show('scoped statements (tenantSql/userSql)', count(/\b(tenantSql|userSql)\(/g, notDbHelpers));
show('plainSql statements', count(/\bplainSql\(/g, notDbHelpers));
show('.query( calls, all of api/src', count(/\.query(<|\()/g));
show(
  '.query( calls outside db/ and *.queries.ts',
  count(
    /\.query(<|\()/g,
    product.filter((p) => !p.startsWith('db/') && !p.endsWith('.queries.ts')),
  ),
);
show('pools made (new pg.Pool, ORM pool option)', count(/new (pg\.)?Pool\(|pool: \{ min/g));
show('inTransaction(', count(/\binTransaction\(/g, notDbHelpers));
show('em.transactional(', count(/\.transactional\(/g));
show('ormQueryable(', count(/\bormQueryable\(/g, notDbHelpers));

const outside: string[] = [];
const cross: string[] = [];
let crossRefs = 0;
for (const p of product.filter((f) => !f.startsWith('db/') && !f.includes('/migrations/'))) {
  const source = ts.createSourceFile(p, text.get(p) ?? '', ts.ScriptTarget.Latest, true);
  const literals: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals.push(node.text);
    else if (ts.isTemplateExpression(node))
      literals.push([node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' … '));
    ts.forEachChild(node, visit);
  };
  visit(source);
  const statements = literals.filter((t) => SQL.test(t));
  if (p.startsWith('modules/') && !p.endsWith('.queries.ts') && statements.length)
    outside.push(`${p} (${statements.length})`);
  const owner = /^modules\/((?:voice\/)?[^/]+)\//.exec(p)?.[1] ?? 'core';
  const sqlFile = p.endsWith('.queries.ts') || p.endsWith('.sql.ts');
  const named = new Set<string>();
  for (const t of literals.filter((l) => sqlFile || SQL.test(l)))
    for (const [, table = ''] of t.matchAll(/\b(?:from|join|into|update)\s+"?([a-z_][a-z0-9_]*)/g)) {
      const tableOwner = ownerOf.get(table);
      if (!tableOwner || tableOwner === owner) continue;
      crossRefs += 1;
      if (!named.has(table)) cross.push(`${p} (${owner}) → ${table} (${tableOwner})`);
      named.add(table);
    }
}
console.log(`module files outside *.queries.ts holding SQL statements: ${outside.length}`);
if (verbose) for (const f of outside) console.log(`    ${f}`);
console.log(`another module's table named in SQL: ${crossRefs} times, ${cross.length} file–table pairs`);
if (verbose) for (const c of cross) console.log(`    ${c}`);
