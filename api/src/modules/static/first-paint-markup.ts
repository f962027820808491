import { createHash } from 'node:crypto';
import { ASSISTANT_INITIAL_SLOT, ASSISTANT_NAME_SLOT, type FirstPaint } from '@annie/contracts/first-paint';
import {
  AFTER_PAINT_SCRIPT,
  APPEARANCE_SCRIPT,
  holdScriptsUntilPainted,
} from '@annie/contracts/page-scripts';

// The shell's app.html holds its spinner in #root (shell/rspack.config.ts); a page with a first paint
// gets that paint there instead.
const ROOT_CONTENT = /<div id="root">[\s\S]*?<\/div><\/body>/;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/** The CSP source that admits AFTER_PAINT_SCRIPT (the login page's and a first-painted page's). */
export const AFTER_PAINT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(AFTER_PAINT_SCRIPT).digest('base64')}'`;

/** The CSP source that admits APPEARANCE_SCRIPT (in the head of every page of the shell's build). */
export const APPEARANCE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(APPEARANCE_SCRIPT).digest('base64')}'`;

/** A remote's first paint ready for app.html's #root: its markup, and the hashes its scripts need. */
export type PageFirstPaint = { markup: string; scriptHashes: readonly string[] };

/**
 * A remote's first paint (rendered by its build: first-paint.json) as the signed-in page shows it: the
 * assistant's (escaped) name in its slots, inside the block the shell takes it from before its first
 * render (shell/src/boot/boot-idle-view.tsx: `data-boot-idle` names the remote, and the block carries
 * the settings the page reads, so the shell need not fetch them), with the bar that holds the shell's
 * header's place until the shell has rendered it (shell/src/boot.css). The remote's markup is its own;
 * this adds only that block.
 */
export function firstPaintMarkup(firstPaint: FirstPaint, assistantName: string): PageFirstPaint {
  const name = escapeHtml(assistantName);
  const html = firstPaint.html
    .replaceAll(ASSISTANT_NAME_SLOT, name)
    .replaceAll(ASSISTANT_INITIAL_SLOT, escapeHtml(assistantName.slice(0, 1)));
  return {
    markup: `<div data-boot-idle="${firstPaint.remote}" data-assistant-name="${name}"><div class="boot-idle-bar"></div>${html}</div>`,
    scriptHashes: firstPaint.scriptHashes,
  };
}

// The first paint carries the settings (data-assistant-name), so the page need not fetch them.
const SETTINGS_PRELOAD = /<link rel="preload" href="\/api\/settings"[^>]*>/;

/**
 * app.html with a first paint's markup in #root in place of the spinner, and without the settings
 * preload, which the first paint makes unnecessary; unchanged when it has no such root. The head's
 * deferred scripts (app.js) are held until the first paint has been painted (holdScriptsUntilPainted):
 * it needs none of them to be seen or pressed.
 */
export function withRootMarkup(html: string, markup: string): string {
  if (!ROOT_CONTENT.test(html)) return html;
  const page = html
    .replace(SETTINGS_PRELOAD, '')
    .replace(ROOT_CONTENT, () => `<div id="root">${markup}</div></body>`);
  return holdScriptsUntilPainted(page);
}
