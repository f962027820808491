/** Where the shell's federated (signed-in) app is served from; shared by the build and the login page's script. */
export const APP_PUBLIC_PATH = '/app/';

/** The federated app's entry script: a fixed name (no hash), so it must be served with `no-cache`. */
export const APP_ENTRY_URL = `${APP_PUBLIC_PATH}app.js`;

/** The stylesheet of that entry (Radix Themes' subset and the app's own rules): a fixed name too, `no-cache`. */
export const APP_STYLESHEET_URL = `${APP_PUBLIC_PATH}app.css`;
