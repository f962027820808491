import { createHash } from 'node:crypto';
import {
  type FirstPaint,
  firstPaintMarkupProblems,
  firstPaintSchema,
  inlineScriptsOf,
} from '@annie/contracts/first-paint';
import { REMOTE_PAGES, type RemoteName } from '@annie/contracts/remotes';

export type FirstPaintCheck = { ok: true; firstPaint: FirstPaint } | { ok: false; problems: string[] };

const cspHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/**
 * Checks a remote's first-paint.json strictly, as publishing and serving read it: the contract's fields
 * and nothing else, the build of `remote`, one of its `./app` pages, markup the page can carry
 * (firstPaintMarkupProblems), and exactly one listed CSP hash per inline script, each that script's
 * own. Each problem is named.
 */
export function checkFirstPaint(remote: RemoteName, json: unknown): FirstPaintCheck {
  const parsed = firstPaintSchema.safeParse(json);
  if (!parsed.success)
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'} ${issue.message}`),
    };
  const firstPaint = parsed.data;
  const problems: string[] = [];
  if (firstPaint.remote !== remote) problems.push(`it is the first paint of "${firstPaint.remote}"`);
  const pages: readonly string[] = REMOTE_PAGES[remote];
  if (!pages.includes(firstPaint.page)) problems.push(`${remote} has no page "${firstPaint.page}"`);
  problems.push(...firstPaintMarkupProblems(firstPaint.html));
  const hashes = inlineScriptsOf(firstPaint.html).map(cspHash);
  const listed = new Set(firstPaint.scriptHashes);
  if (hashes.some((hash) => !listed.has(hash)))
    problems.push('an inline script has no hash in scriptHashes (the CSP would refuse it)');
  if (firstPaint.scriptHashes.some((hash) => !hashes.includes(hash)))
    problems.push('scriptHashes lists a hash of no inline script (it would admit another script)');
  return problems.length > 0 ? { ok: false, problems } : { ok: true, firstPaint };
}
