import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkTree, commentLines } from './checks.ts';
import { headings, links } from './markdown.ts';

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** A tree of `files` (path → text) in a temporary folder; returns the check's `file:line: message` lines. */
function check(files: Record<string, string>): string[] {
  root = mkdtempSync(join(tmpdir(), 'annie-docs-check-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, dirname(path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return checkTree(root).map((problem) => `${problem.file}:${problem.line}: ${problem.message}`);
}

const README = '# Project\n\n## Data access\n\nSee [usage](docs/usage.md#sign-in).\n';
const README_NAME = 'README';
const USAGE_NAME = 'docs/usage.md';
const USAGE = '# Usage\n\n## Sign in\n\nBack to the [README](../README.md#data-access).\n';

describe('the docs check', () => {
  it('passes a tree whose links, named files and cited sections all exist', () => {
    const files = {
      'README.md': `${README}\nThe rule is in \`api/src/rule.ts\` (\`rule.ts\`).\n`,
      'docs/usage.md': USAGE,
      'api/src/rule.ts': '// Where data goes (README "Data access"; docs/usage.md "Sign in").\nexport {};\n',
    };
    expect(check(files)).toEqual([]);
  });

  it('names the file and line of a link to a missing file, and of a missing anchor', () => {
    const files = {
      'README.md': `${README}\nAlso [gone](docs/gone.md) and [here](#no-such-heading).\n`,
      'docs/usage.md': USAGE.replace('#data-access', '#data-acess'),
    };
    expect(check(files)).toEqual([
      'README.md:7: link "docs/gone.md": no file docs/gone.md',
      'README.md:7: link "#no-such-heading": README.md has no heading with anchor #no-such-heading',
      'docs/usage.md:5: link "../README.md#data-acess": README.md has no heading with anchor #data-acess',
    ]);
  });

  it('fails on a repo path or source file named in backticks that does not exist', () => {
    const files = {
      'README.md': `${README}\nEdit \`api/src/missing.ts\`, as \`other.routes.ts\`; \`api/src/<name>.ts\` is a pattern.\n`,
      'docs/usage.md': USAGE,
      'api/src/present.ts': 'export {};\n',
    };
    expect(check(files)).toEqual([
      'README.md:7: names api/src/missing.ts, which does not exist',
      'README.md:7: names other.routes.ts: no such file in the repository',
    ]);
  });

  it('fails on a code comment citing a section the README or a doc does not have', () => {
    const files = {
      'README.md': README,
      'docs/usage.md': USAGE,
      // Built from pieces, so that this file itself cites nothing.
      'api/src/a.ts': `export const a = 1; // see ${README_NAME} "Data lifecycle"\n`,
      'api/src/b.ts': `/**\n * Kept as ${USAGE_NAME}, "Signing in" says.\n */\nexport {};\n`,
      'api/src/c.ts': `// Wrapped: ${USAGE_NAME} "Sign\n// in" is there, ${README_NAME} "Data\n// lifecycle" is not.\n`,
    };
    expect(check(files)).toEqual([
      'api/src/a.ts:1: cites README "Data lifecycle": README.md has no such section',
      'api/src/b.ts:2: cites docs/usage.md "Signing in": docs/usage.md has no such section',
      'api/src/c.ts:2: cites README "Data lifecycle": README.md has no such section',
    ]);
  });

  it('skips links and paths inside fenced code', () => {
    const files = { 'README.md': `${README}\n\`\`\`sh\ncat [x](missing.md) api/src/missing.ts\n\`\`\`\n` };
    expect(check(files)).toEqual(['README.md:5: link "docs/usage.md#sign-in": no file docs/usage.md']);
  });
});

describe('Markdown reading', () => {
  it('gives headings the anchors GitHub gives them, repeats numbered', () => {
    const found = headings('# A `code` title, with: punctuation\n## Repeat\n## Repeat\n');
    expect(found.map((heading) => heading.anchor)).toEqual([
      'a-code-title-with-punctuation',
      'repeat',
      'repeat-1',
    ]);
  });

  it('reads inline links, images and reference definitions, not links in code spans', () => {
    const text = '[a](x.md) ![b](y.png "t") `[c](z.md)`\n[ref]: w.md\n';
    expect(links(text).map((link) => link.text)).toEqual(['x.md', 'y.png', 'w.md']);
  });

  it('reads comments, not strings that contain slashes', () => {
    const source = "const url = 'http://x'; // a note\n/* one\n two */ const b = 2;\n";
    expect(commentLines(source).map((line) => line.text.trim())).toEqual(['a note', 'one', 'two']);
  });
});
