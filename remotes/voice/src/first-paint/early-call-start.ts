import { callCaption, callStatusText } from '../lib/browser-call/captions.ts';

// The handshake between the home page's first paint (the idle view this build renders at build time,
// which the API puts into the signed-in page's HTML) and this build's page once it has mounted. Both sides
// are here, in one module of one build: the script the first paint carries (EARLY_CALL_START_SCRIPT) and
// the page's reading of it (takeEarlyCallStart). The API serves each user the first paint of the very
// version the registry gives them, so the two match by construction; the version written in the
// attribute makes the agreement explicit (first-paint.json's `handoff`), and a page never takes a press
// of a handshake it does not know.

/** Set on <html> by the first paint's script when Start call was pressed before the page mounted. */
export const EARLY_CALL_START_ATTRIBUTE = 'data-early-call-start';

/** The handshake's version, the attribute's value: changed whenever the script or its reading changes. */
export const EARLY_CALL_START_VERSION = '1';

const CONNECTING_STATUS = callStatusText('connecting', false);
const CONNECTING_CAPTION = callCaption('connecting', false, '');

/**
 * The first paint's only script, inline at its end so that its Start call button works the moment it is
 * painted (no script of the app has run yet): a press is noted for the page (EARLY_CALL_START_ATTRIBUTE),
 * the button turns busy, and the status line and the button's caption say what the page says while it
 * connects. The press also gives the document its (sticky) user activation, which lets the call's audio
 * play when the page starts it. The CSP admits the script by its hash (first-paint.json).
 */
export const EARLY_CALL_START_SCRIPT = `(()=>{const v=document.currentScript.parentElement,b=v.querySelector('button[aria-label="Start call"]');if(!b)return;b.addEventListener('click',()=>{if(b.hasAttribute('data-disabled'))return;b.setAttribute('data-disabled','');b.setAttribute('aria-disabled','true');const s=v.querySelector('[role="status"]'),c=document.getElementById(b.getAttribute('aria-describedby')||'');if(s)s.textContent=${JSON.stringify(CONNECTING_STATUS)};if(c)c.textContent=${JSON.stringify(CONNECTING_CAPTION)};document.documentElement.setAttribute('${EARLY_CALL_START_ATTRIBUTE}','${EARLY_CALL_START_VERSION}')})})()`;

/**
 * Whether Start call was pressed in the first paint before the page mounted: true once per press, and
 * only for this handshake's version. The attribute is removed whatever its value, so a press is never
 * taken twice, nor by a later page.
 */
export function takeEarlyCallStart(): boolean {
  const root = document.documentElement;
  const version = root.getAttribute(EARLY_CALL_START_ATTRIBUTE);
  if (version === null) return false;
  root.removeAttribute(EARLY_CALL_START_ATTRIBUTE);
  return version === EARLY_CALL_START_VERSION;
}
