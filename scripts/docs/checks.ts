// The docs check's rules over a tree: links in README.md and docs/ resolve (file and #anchor), the repo
// paths and source files they name in backticks exist, and every README/docs section a code comment or a
// doc cites (README or docs/x.md followed by the section's title in double quotes) is a heading there.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { codeSpans, headings, type Located, links, proseLines } from './markdown.ts';

export interface Problem {
  /** Relative to the root, with `/`. */
  file: string;
  line: number;
  message: string;
}

/** Folders never read: installs, builds, run output. */
const SKIPPED = new Set([
  'node_modules',
  'dist',
  '.git',
  '.data',
  'coverage',
  'test-results',
  'playwright-report',
  '@mf-types',
  '.rspack-cache',
  '.toolchain',
]);
const SOURCE = /\.(ts|tsx|mts|cts|mjs|cjs|js|jsx)$/;
/** A source file a doc may name by itself (`.js` names are mostly build output, so not checked alone). */
const NAMED_SOURCE = /\.(ts|tsx|mts|cts|mjs|cjs)$/;

/** Every file under `root` (relative, `/`-separated), build output and installs left out. */
function repoFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.push(path);
    }
  };
  walk('');
  return files.sort();
}

/** The Markdown the check reads: README.md and everything under docs/. */
function docFiles(files: readonly string[]): string[] {
  return files.filter((file) => file === 'README.md' || (file.startsWith('docs/') && file.endsWith('.md')));
}

/** Reads files once each. */
class Tree {
  private readonly texts = new Map<string, string>();
  private readonly anchors = new Map<string, { text: string; anchor: string }[]>();
  readonly root: string;
  readonly files: readonly string[];
  constructor(root: string, files: readonly string[]) {
    this.root = root;
    this.files = files;
  }
  text(file: string): string {
    let text = this.texts.get(file);
    if (text === undefined) {
      text = readFileSync(join(this.root, file), 'utf8');
      this.texts.set(file, text);
    }
    return text;
  }
  headingsOf(file: string) {
    let found = this.anchors.get(file);
    if (!found) {
      found = headings(this.text(file));
      this.anchors.set(file, found);
    }
    return found;
  }
  /** `path` relative to the root with `/`, or undefined when it is outside. */
  relative(path: string): string | undefined {
    const rel = relative(this.root, path);
    return rel.startsWith('..') ? undefined : rel.split(sep).join('/');
  }
  exists(rel: string): boolean {
    return existsSync(join(this.root, rel));
  }
}

const SCHEME = /^[a-z][a-z0-9+.-]*:|^\/\//i;

/** Relative links of one Markdown file: the file must exist, and a `#anchor` into Markdown be a heading. */
function checkLinks(tree: Tree, file: string): Problem[] {
  return links(tree.text(file)).flatMap(({ line, text: target }): Problem[] => {
    if (SCHEME.test(target)) return [];
    const [pathPart = '', anchor] = target.split('#', 2);
    const path = decodeURIComponent(pathPart);
    const absolute =
      path === ''
        ? join(tree.root, file)
        : resolve(tree.root, path.startsWith('/') ? '.' : dirname(file), path.replace(/^\//, ''));
    const rel = tree.relative(absolute);
    if (rel === undefined) return [{ file, line, message: `link "${target}" leaves the repository` }];
    if (!tree.exists(rel)) return [{ file, line, message: `link "${target}": no file ${rel}` }];
    if (!anchor || !rel.endsWith('.md') || !statSync(join(tree.root, rel)).isFile()) return [];
    if (tree.headingsOf(rel).some((heading) => heading.anchor === anchor)) return [];
    return [{ file, line, message: `link "${target}": ${rel} has no heading with anchor #${anchor}` }];
  });
}

/** Whether git ignores each of `paths` (build output a doc may name); none when `root` is not a repository. */
function ignoredByGit(root: string, paths: readonly string[]): Set<string> {
  if (paths.length === 0) return new Set();
  const result = spawnSync('git', ['check-ignore', '--no-index', '--stdin'], {
    cwd: root,
    input: paths.join('\n'),
    encoding: 'utf8',
  });
  return new Set((result.stdout ?? '').split('\n').filter(Boolean));
}

const PLACEHOLDER = /[<>*…{}$[\]|]|\.\.\./;

/** The words of a code span that name a repo path (`api/src/x.ts`) or a source file (`x.routes.ts`). */
function namedPaths(span: string, topLevel: ReadonlySet<string>): string[] {
  return span.split(/\s+/).flatMap((raw) => {
    const word = raw
      .replace(/^[('"]+/, '')
      .replace(/[)'",;.:]+$/, '')
      .replace(/:\d+(:\d+)?$/, '')
      .replace(/#.*$/, '');
    if (!word || PLACEHOLDER.test(word) || SCHEME.test(word) || word.startsWith('-')) return [];
    const first = word.split('/')[0] ?? '';
    if (word.includes('/') && topLevel.has(first)) return [word];
    return NAMED_SOURCE.test(word) && /^[\w./@-]+$/.test(word) && !word.startsWith('.') ? [word] : [];
  });
}

/** Repo paths and source files named in backticks: each must exist (a bare file name: somewhere). */
function checkNamedPaths(tree: Tree, docs: readonly string[]): Problem[] {
  const topLevel = new Set(
    readdirSync(tree.root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !SKIPPED.has(entry.name))
      .map((entry) => entry.name),
  );
  const missing: { file: string; span: Located; path: string }[] = [];
  for (const file of docs) {
    for (const span of codeSpans(tree.text(file))) {
      for (const path of namedPaths(span.text, topLevel)) {
        const found = topLevel.has(path.split('/')[0] ?? '')
          ? tree.exists(path.replace(/\/$/, ''))
          : tree.files.some((each) => each === path || each.endsWith(`/${path}`));
        if (!found) missing.push({ file, span, path });
      }
    }
  }
  // `dist/` in .gitignore matches only a folder, so each path is asked about as a folder too.
  const ignored = ignoredByGit(
    tree.root,
    missing.flatMap((each) => [each.path, `${each.path.replace(/\/$/, '')}/`]),
  );
  return missing
    .filter((each) => !ignored.has(each.path) && !ignored.has(`${each.path.replace(/\/$/, '')}/`))
    .map(({ file, span, path }) => ({
      file,
      line: span.line,
      message:
        path.includes('/') && topLevel.has(path.split('/')[0] ?? '')
          ? `names ${path}, which does not exist`
          : `names ${path}: no such file in the repository`,
    }));
}

/** README or a .md name, then (after a comma or the word section) a title in double quotes. */
const CITATION = /\b(README(?:\.md)?|(?:[\w.-]+\/)*[\w.-]+\.md)\)?,?\s+(?:section\s+)?["“]([^"”]+)["”]/g;

/** The cited files and sections in `text` must exist; `base` is the folder a relative doc name starts in. */
function checkCitations(tree: Tree, file: string, lines: readonly Located[], base: string): Problem[] {
  return joinedRuns(lines).flatMap(({ text, lineAt }) =>
    [...text.matchAll(CITATION)].flatMap((match): Problem[] => {
      const [, name = '', raw = ''] = match;
      const section = raw.replace(/\s+/g, ' ').trim();
      const line = lineAt(match.index);
      const target = /^README(\.md)?$/.test(name) ? 'README.md' : docPath(tree, base, name);
      if (!target || !tree.exists(target))
        return [{ file, line, message: `cites ${name} "${section}": no file ${target ?? name}` }];
      const wanted = section.toLowerCase();
      if (tree.headingsOf(target).some((heading) => heading.text.toLowerCase() === wanted)) return [];
      return [{ file, line, message: `cites ${name} "${section}": ${target} has no such section` }];
    }),
  );
}

/**
 * Consecutive lines joined into one text (a comment's leading `*` dropped), so that a citation wrapped
 * across lines is read whole; `lineAt` gives the line an offset of the text is on.
 */
function joinedRuns(lines: readonly Located[]): { text: string; lineAt: (offset: number) => number }[] {
  const runs: Located[][] = [];
  for (const each of lines) {
    const last = runs.at(-1);
    if (last && last.at(-1)?.line === each.line - 1) last.push(each);
    else runs.push([each]);
  }
  return runs.map((run) => {
    const starts: number[] = [];
    let text = '';
    for (const each of run) {
      starts.push(text.length);
      text += `${each.text.replace(/^\s*\*(?!\/)\s?/, '')} `;
    }
    const lineAt = (offset: number) => {
      let index = 0;
      while (index + 1 < starts.length && (starts[index + 1] ?? Infinity) <= offset) index += 1;
      return run[index]?.line ?? 0;
    };
    return { text, lineAt };
  });
}

/** A cited doc: relative to the citing file's folder, else to the root (`docs/x.md` cited from docs/). */
function docPath(tree: Tree, base: string, name: string): string | undefined {
  const near = tree.relative(resolve(tree.root, base, name));
  return near && tree.exists(near) ? near : tree.relative(resolve(tree.root, name));
}

/** The comment text of each line of a source file (block comments across lines included). */
export function commentLines(source: string): Located[] {
  const found: Located[] = [];
  let inBlock = false;
  source.split('\n').forEach((text, index) => {
    let rest = text;
    let comment = '';
    while (rest) {
      if (inBlock) {
        const end = rest.indexOf('*/');
        comment += ` ${end < 0 ? rest : rest.slice(0, end)}`;
        if (end < 0) break;
        inBlock = false;
        rest = rest.slice(end + 2);
        continue;
      }
      const line = /(^|[\s;,({[])\/\//.exec(rest);
      const block = rest.indexOf('/*');
      const at = line ? line.index + (line[1]?.length ?? 0) : -1;
      if (line && (block < 0 || at < block)) {
        comment += ` ${rest.slice(at + 2)}`;
        break;
      }
      if (block < 0) break;
      inBlock = true;
      rest = rest.slice(block + 2);
    }
    if (comment.trim()) found.push({ line: index + 1, text: comment });
  });
  return found;
}

/** Every problem of the tree at `root` (links, named paths, citations), in file and line order. */
export function checkTree(root: string): Problem[] {
  const tree = new Tree(root, repoFiles(root));
  const docs = docFiles(tree.files);
  const problems = [
    ...docs.flatMap((file) => checkLinks(tree, file)),
    ...checkNamedPaths(tree, docs),
    ...docs.flatMap((file) => checkCitations(tree, file, proseLines(tree.text(file)), dirname(file))),
    ...tree.files
      .filter((file) => SOURCE.test(file))
      .flatMap((file) => checkCitations(tree, file, commentLines(tree.text(file)), '.')),
  ];
  return problems.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
}
