import { z } from 'zod';
import { REMOTE_NAMES } from './remotes.ts';

// A remote's first paint: the HTML of one of its pages as it first looks, rendered by the remote's own
// build from its own components, with the few inline scripts that make it usable before any script of
// the app has loaded. The API puts it into the signed-in page (app.html's #root) of the version each
// user gets, and admits its scripts by the hashes listed here; it writes no remote's markup itself.

/** The file a remote's build writes beside mf-manifest.json (JSON, not HTML: a release holds no page). */
export const FIRST_PAINT_FILE = 'first-paint.json';

/** The version of this format; a file of another is not used (the page then has no first paint). */
export const FIRST_PAINT_FORMAT = 1;

/** At most this many characters of HTML: a first paint is one screen, not an app. */
export const FIRST_PAINT_MAX_HTML = 16_384;

/**
 * What the build renders as the assistant's name (a setting the build cannot know); its first character
 * alone is what a component deriving the initial (an avatar) renders. Private-use characters, which no
 * text of the product holds, so the API can put the escaped name and initial in their place.
 */
export const ASSISTANT_NAME_SLOT = '\uE000\uE001';
export const ASSISTANT_INITIAL_SLOT = '\uE000';

/** A CSP hash source of an inline script: `'sha256-<base64>'`. */
const CSP_SHA256 = /^'sha256-[A-Za-z0-9+/]{43}='$/;

/** `first-paint.json`: strict, so that a field this API does not know is a refusal, not ignored. */
export const firstPaintSchema = z.strictObject({
  format: z.literal(FIRST_PAINT_FORMAT),
  /** The remote whose build this is. */
  remote: z.enum(REMOTE_NAMES),
  /** The `./app` page it is the first paint of (the route table's page name). */
  page: z.string().min(1).max(64),
  html: z.string().min(1).max(FIRST_PAINT_MAX_HTML),
  /** The CSP hash of each inline script in `html`, and no other. */
  scriptHashes: z.array(z.string().regex(CSP_SHA256)).max(4),
  /**
   * How a press in the first paint is handed to the page once it has mounted: the attribute its script
   * sets on <html> and the handshake's version it writes there. The page of the same build takes exactly
   * that (both come from one module of the remote); documented here so a reader sees what is agreed.
   */
  handoff: z
    .strictObject({
      attribute: z.string().regex(/^data-[a-z][a-z-]{0,40}$/),
      version: z.string().regex(/^[0-9]{1,4}$/),
    })
    .optional(),
});

export type FirstPaint = z.infer<typeof firstPaintSchema>;

/** The elements a first paint may hold: a screen of text, buttons and icons, its style and its scripts. */
const ALLOWED_TAGS = new Set([
  'div',
  'span',
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'button',
  'svg',
  'path',
  'g',
  'circle',
  'rect',
  'style',
  'script',
]);

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g;
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/** The source of each inline script in `html` (`<script>…</script>`, no attribute), in order. */
export function inlineScriptsOf(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map((match) => match[1] ?? '');
}

/**
 * What is wrong with a first paint's HTML as markup, whatever its hashes: an element outside
 * ALLOWED_TAGS, a script with attributes (`src`), an event handler attribute or a `javascript:` URL
 * (the CSP would refuse them: the page would be broken, not safe), a stylesheet that fetches
 * (`@import`, `url(`), a character slot other than the assistant's, or elements that do not close
 * (the fragment would swallow or break the page around it).
 */
export function firstPaintMarkupProblems(html: string): string[] {
  const problems = new Set<string>();
  const open = new Map<string, number>();
  for (const [, closing, name = '', attributes = ''] of html.matchAll(TAG)) {
    const tag = name.toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) problems.add(`<${tag}> is not allowed`);
    if (tag === 'script' && !closing && attributes.trim()) problems.add('a script has attributes');
    if (/\son[a-z]+\s*=/i.test(attributes)) problems.add('an element has an event handler attribute');
    if (/javascript:/i.test(attributes)) problems.add('an attribute holds a javascript: URL');
    const selfClosing = attributes.trimEnd().endsWith('/');
    if (!selfClosing) open.set(tag, (open.get(tag) ?? 0) + (closing ? -1 : 1));
  }
  for (const [tag, count] of open) if (count !== 0) problems.add(`<${tag}> elements do not close`);
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
  if (styles.some((style) => /@import|url\s*\(/i.test(style)))
    problems.add('a style fetches (@import or url())');
  const slots = html.replaceAll(ASSISTANT_NAME_SLOT, '').replaceAll(ASSISTANT_INITIAL_SLOT, '');
  if (/[\uE000-\uF8FF]/.test(slots)) problems.add('it holds a private-use character that is not a slot');
  return [...problems];
}
