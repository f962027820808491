/** Where the shell's federated (signed-in) app is served from; shared by the build and the login page's script. */
export const APP_PUBLIC_PATH = '/app/';

/** The federated app's entry script: a fixed name (no hash), so it must be served with `no-cache`. */
export const APP_ENTRY_URL = `${APP_PUBLIC_PATH}app.js`;

/**
 * The chunk name of react-dom (with its scheduler), which the build splits out of the entry into a script
 * of its own, also fixed-name: each script is compiled and made ready on the main thread in a task of its
 * own, two of about half the length of the one app.js alone took (Lighthouse's mobile run counts each over
 * 50 ms of its 4x slowdown as blocking).
 */
export const APP_REACT_DOM_CHUNK = 'app-react-dom';

/** The app's scripts in the order the page runs them: react-dom's chunk, then the entry, which starts the app. */
export const APP_SCRIPT_URLS = [`${APP_PUBLIC_PATH}${APP_REACT_DOM_CHUNK}.js`, APP_ENTRY_URL] as const;

/** The stylesheet of that entry (Radix Themes' subset and the app's own rules): a fixed name too, `no-cache`. */
export const APP_STYLESHEET_URL = `${APP_PUBLIC_PATH}app.css`;
