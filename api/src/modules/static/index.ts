// Static files: the production builds of the shell and the remotes, with the remotes' preload hints.
export { AFTER_PAINT_SCRIPT_HASH, appPageMarkup, IDLE_VIEW_SCRIPT_HASH } from './idle-view.ts';
export { remotePreloads } from './remote-preloads.ts';
export { staticFiles } from './static-files.ts';
