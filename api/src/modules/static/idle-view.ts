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

/**
 * The voice page's idle view as the signed-in home page first shows it (remotes/voice browser-call-page:
 * header, welcome, call button), in the Radix Themes classes that page renders (app.html's stylesheet
 * has them), painted from the HTML before any script runs. The call button is an empty disabled disc
 * named as still loading until the remote's own page replaces the whole block (the shell keeps this very node as the
 * route's loading state until then: shell/src/boot/boot-idle-view.tsx). No live region: the page's own
 * status line is announced once, by the page. The bar stands in for the header (shell/src/boot.css).
 * It carries the settings the page reads (GET /api/settings), which the shell takes from it instead.
 */
export function voiceIdleMarkup(assistantName: string): string {
  const name = escapeHtml(assistantName);
  const gray = 'data-accent-color="gray" class="rt-Text rt-r-size';
  return [
    `<div class="radix-themes" data-boot-idle="voice" data-assistant-name="${name}" aria-busy="true" data-accent-color="indigo">`,
    '<div class="boot-idle-bar"></div>',
    '<div class="rt-Flex rt-r-fd-column rt-r-px-4 rt-r-w rt-r-max-w rt-r-mx" style="--width:100%;--max-width:720px;--ml:auto;--mr:auto;height:calc(100dvh - 8rem);min-height:28rem">',
    '<div class="rt-Flex rt-r-ai-center rt-r-jc-space-between rt-r-gap-3 rt-r-py-3"><div class="rt-Flex rt-r-ai-center rt-r-gap-3">',
    `<span data-radius="full" class="rt-reset rt-AvatarRoot rt-r-size-3 rt-variant-soft" aria-hidden="true"><span class="rt-AvatarFallback rt-one-letter">${escapeHtml(assistantName.slice(0, 1))}</span></span>`,
    `<div class="rt-Flex rt-r-fd-column"><h1 class="rt-Heading rt-r-size-4">${name}</h1><span ${gray}-2">Tap to start conversation</span></div></div></div>`,
    '<div class="rt-Flex rt-r-fd-column rt-r-ai-center rt-r-jc-center rt-r-gap-2 rt-r-py-9" style="flex:1;text-align:center">',
    `<h2 class="rt-Heading rt-r-size-6">Hello, I'm ${name}</h2>`,
    `<span ${gray}-3">Your sophisticated AI assistant</span>`,
    `<span ${gray}-2">Tap the button below to start our conversation</span></div>`,
    '<div class="rt-Flex rt-r-fd-column rt-r-ai-center rt-r-gap-3 rt-r-py-4">',
    `<button disabled data-disabled="" data-radius="full" aria-label="Start call (loading)" class="rt-reset rt-BaseButton rt-r-size-4 rt-variant-solid rt-IconButton boot-idle-toggle"></button>`,
    `<span ${gray}-2">Tap to talk with the assistant</span></div>`,
    '</div></div>',
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
 * preload, which the idle view makes unnecessary; unchanged when it has no such root.
 */
export function withRootMarkup(html: string, markup: string): string {
  if (!ROOT_CONTENT.test(html)) return html;
  return html
    .replace(SETTINGS_PRELOAD, '')
    .replace(ROOT_CONTENT, () => `<div id="root">${markup}</div></body>`);
}
