// Static files: the production builds of the shell and the remotes, with the remotes' preload hints and
// the first paint each remote's build ships for its page.
export { checkFirstPaint } from './first-paint-check.ts';
export { AFTER_PAINT_SCRIPT_HASH, APPEARANCE_SCRIPT_HASH } from './first-paint-markup.ts';
export { FirstPaints } from './first-paints.ts';
export { homeFirstPaint } from './home-first-paint.ts';
export { remotePreloads } from './remote-preloads.ts';
export { staticFiles } from './static-files.ts';
