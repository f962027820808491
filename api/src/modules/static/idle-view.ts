import { createHash } from 'node:crypto';
import { AFTER_PAINT_SCRIPT, holdScriptsUntilPainted } from '@annie/api-client/contracts/page-scripts';

// The shell's app.html holds its spinner in #root (shell/rspack.config.ts); a page with an idle view
// gets that view there instead.
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

// The call button's icon (@radix-ui/react-icons' SpeakerLoudIcon at the page's 36 px), its path rounded to
// two decimals (under 0.03 px at that size), which takes a third off its bytes.
const SPEAKER_ICON =
  '<svg width="36" height="36" viewBox="0 0 15 15" fill="none"><path fill="currentColor" fill-rule="evenodd" clip-rule="evenodd" d="M7.47 1.05C7.64 1.13 7.75 1.31 7.75 1.5V13.5C7.75 13.69 7.64 13.87 7.47 13.95C7.3 14.03 7.09 14.01 6.94 13.89L3.22 11H1.5C.67 11 0 10.33 0 9.5V5.5C0 4.67 .67 4 1.5 4H3.22L6.94 1.11C7.09 .99 7.3 .97 7.47 1.05ZM6.75 2.52L3.7 4.89C3.61 4.96 3.5 5 3.39 5H1.5C1.22 5 1 5.22 1 5.5V9.5C1 9.78 1.22 10 1.5 10H3.39C3.5 10 3.61 10.04 3.7 10.11L6.75 12.48V2.52ZM10.28 3.85C10.46 3.73 10.71 3.78 10.83 3.96C12.26 6.1 12.26 8.9 10.83 11.04C10.71 11.22 10.46 11.27 10.28 11.15C10.09 11.03 10.04 10.78 10.17 10.6C11.41 8.73 11.41 6.27 10.17 4.4C10.04 4.22 10.09 3.97 10.28 3.85ZM12.68 1.43C12.54 1.26 12.28 1.24 12.11 1.38C11.95 1.53 11.93 1.78 12.07 1.95C14.78 5.14 14.78 9.86 12.07 13.05C11.93 13.22 11.95 13.47 12.11 13.62C12.28 13.76 12.54 13.74 12.68 13.57C15.64 10.07 15.64 4.93 12.68 1.43Z"></path></svg>';

/**
 * The attribute the idle view's script sets on <html> when its Start call button is pressed before the
 * voice page has mounted; the page (remotes/voice use-browser-call.ts) takes it on mount and starts the
 * call. The press gave the document its (sticky) user activation, which is what lets the call's audio
 * play when it starts later.
 */
export const EARLY_CALL_START_ATTRIBUTE = 'data-early-call-start';

/**
 * The idle view's only script, inline at its end so that the Start button works the moment it is painted
 * (app.js has not run yet): a press is noted for the page (EARLY_CALL_START_ATTRIBUTE), the button turns
 * busy and both status texts say what the page will say while it connects. The page's scripts start after
 * the view is painted (AFTER_PAINT_SCRIPT, withRootMarkup). The CSP admits the script by its hash.
 */
export const IDLE_VIEW_SCRIPT = `(()=>{const v=document.currentScript.parentElement,b=v.querySelector('button');b.addEventListener('click',()=>{if(b.hasAttribute('data-disabled'))return;b.setAttribute('data-disabled','');b.setAttribute('aria-disabled','true');for(const t of v.querySelectorAll('[data-connecting]'))t.textContent='Connecting...';document.documentElement.setAttribute('${EARLY_CALL_START_ATTRIBUTE}','')})})()`;

const cspHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** The CSP source that admits IDLE_VIEW_SCRIPT. */
export const IDLE_VIEW_SCRIPT_HASH = cspHash(IDLE_VIEW_SCRIPT);

/** The CSP source that admits AFTER_PAINT_SCRIPT (the login page's and the idle view page's). */
export const AFTER_PAINT_SCRIPT_HASH = cspHash(AFTER_PAINT_SCRIPT);

/**
 * The voice page's idle view as the signed-in home page first shows it (remotes/voice browser-call-page:
 * header with its status line, welcome, call button and caption), in the Radix Themes classes that page
 * renders (app.html's stylesheet has them), painted from the HTML before any script of the app runs.
 * Its Start call button is live at once (IDLE_VIEW_SCRIPT); the remote's own page replaces the whole
 * block when it mounts (the shell keeps this very node as the route's loading state until then:
 * shell/src/boot/boot-idle-view.tsx) and starts the call if it was pressed. The status line is the
 * page's own live region, so "Connecting..." is announced from either. The bar stands in for the header
 * (shell/src/boot.css). It carries the settings the page reads (GET /api/settings), which the shell
 * takes from it instead.
 */
export function voiceIdleMarkup(assistantName: string): string {
  const name = escapeHtml(assistantName);
  const gray = 'data-accent-color="gray" class="rt-Text rt-r-size';
  return [
    `<div class="radix-themes" data-boot-idle="voice" data-assistant-name="${name}" data-accent-color="indigo">`,
    '<div class="boot-idle-bar"></div>',
    '<div class="rt-Flex rt-r-fd-column rt-r-px-4 rt-r-w rt-r-max-w rt-r-mx" style="--width:100%;--max-width:720px;--ml:auto;--mr:auto;height:calc(100dvh - 8rem);min-height:28rem">',
    '<div class="rt-Flex rt-r-ai-center rt-r-jc-space-between rt-r-gap-3 rt-r-py-3"><div class="rt-Flex rt-r-ai-center rt-r-gap-3">',
    `<span data-radius="full" class="rt-reset rt-AvatarRoot rt-r-size-3 rt-variant-soft"><span class="rt-AvatarFallback rt-one-letter">${escapeHtml(assistantName.slice(0, 1))}</span></span>`,
    `<div class="rt-Flex rt-r-fd-column"><h1 class="rt-Heading rt-r-size-4">${name}</h1><span ${gray}-2" role="status" aria-label="Call status" data-connecting>Tap to start conversation</span></div></div></div>`,
    '<div class="rt-Flex rt-r-fd-column rt-r-ai-center rt-r-jc-center rt-r-gap-2 rt-r-py-9" style="flex:1;text-align:center">',
    `<h2 class="rt-Heading rt-r-size-6">Hello, I'm ${name}</h2>`,
    `<span ${gray}-3">Your sophisticated AI assistant</span>`,
    `<span ${gray}-2">Tap the button below to start our conversation</span></div>`,
    '<div class="rt-Flex rt-r-fd-column rt-r-ai-center rt-r-gap-3 rt-r-py-4">',
    `<button data-radius="full" aria-label="Start call" aria-pressed="false" aria-describedby="boot-idle-caption" class="rt-reset rt-BaseButton rt-r-size-4 rt-variant-solid rt-IconButton boot-idle-toggle">${SPEAKER_ICON}</button>`,
    `<span ${gray}-2" id="boot-idle-caption" data-connecting>Tap to talk with the assistant</span></div>`,
    `</div><script>${IDLE_VIEW_SCRIPT}</script></div>`,
  ].join('');
}

/**
 * What the signed-in page opened at a path shows before its scripts run: the voice idle view at the home
 * page (`/`, the realtime call page), else nothing (app.html's spinner).
 */
export function appPageMarkup(assistantName: string) {
  const home = voiceIdleMarkup(assistantName);
  // Only the path is read: a Koa context, or anything with one (the e2e size budget reads this file).
  return function markupFor(ctx: { path: string }): string | undefined {
    return ctx.path === '/' ? home : undefined;
  };
}

// The idle view carries the settings (data-assistant-name), so the page need not fetch them.
const SETTINGS_PRELOAD = /<link rel="preload" href="\/api\/settings"[^>]*>/;

/**
 * app.html with `markup` (an idle view) in #root in place of the spinner, and without the settings
 * preload, which the idle view makes unnecessary; unchanged when it has no such root. With the idle
 * view's script in `markup`, the head's deferred scripts (app.js) are held until the view has been
 * painted (holdScriptsUntilPainted): the view needs none of them to be seen or pressed.
 */
export function withRootMarkup(html: string, markup: string): string {
  if (!ROOT_CONTENT.test(html)) return html;
  const page = html
    .replace(SETTINGS_PRELOAD, '')
    .replace(ROOT_CONTENT, () => `<div id="root">${markup}</div></body>`);
  return markup.includes(IDLE_VIEW_SCRIPT) ? holdScriptsUntilPainted(page) : page;
}
