// What the pages' HTML and the API's Content-Security-Policy agree on: the inline scripts the pages carry
// (one applies the appearance before the first paint, one starts a page's scripts once it has been
// painted). Plain strings, no imports: the build (the pages) and the API (the signed-in page with the home
// page's idle view, and the CSP hashes) both read them.

/** The type a page's deferred scripts get while held: the browser neither fetches nor runs them. */
export const HELD_SCRIPT_TYPE = 'annie/after-paint';

/**
 * Starts the held scripts, in order, once the page has been painted: when the browser reports its first
 * paint (a paint timing entry, which comes once the frame has been presented, not merely drawn), or after
 * a second when none comes (a hidden tab paints nothing). A deferred script that arrives while the page
 * is being parsed runs before the first paint, which then waits for it to be fetched and evaluated: the
 * painted page (the prerendered login screen, the home page's idle view) would wait for a script it does
 * not need to be seen. The CSP admits this script by its hash.
 */
export const AFTER_PAINT_SCRIPT = `(()=>{let n=0;const go=()=>{if(n++)return;for(const h of document.querySelectorAll('script[type="${HELD_SCRIPT_TYPE}"]')){const s=document.createElement('script');s.src=h.src;s.async=false;document.head.append(s)}};new PerformanceObserver((l,o)=>{o.disconnect();setTimeout(go)}).observe({type:'paint',buffered:true});setTimeout(go,1000)})()`;

const DEFERRED_SCRIPT = /<script defer(?:="defer")? src="([^"]+)"><\/script>/g;

/**
 * `html` with its deferred scripts held (HELD_SCRIPT_TYPE) and AFTER_PAINT_SCRIPT at the end of its body
 * to start them; unchanged when it has no deferred script or no body end.
 */
export function holdScriptsUntilPainted(html: string): string {
  if (!html.includes('</body>') || html.search(DEFERRED_SCRIPT) < 0) return html;
  return html
    .replace(
      DEFERRED_SCRIPT,
      (_tag, src: string) => `<script type="${HELD_SCRIPT_TYPE}" src="${src}"></script>`,
    )
    .replace('</body>', () => `<script>${AFTER_PAINT_SCRIPT}</script></body>`);
}

/**
 * The name of the `<meta>` whose content is the URL of the dark appearance's stylesheet (the pages' head,
 * written by the shell's build): APPEARANCE_SCRIPT and the UI kit's appearance (packages/ui) read it.
 */
export const DARK_SHEET_META = 'annie-dark-sheet';

/**
 * Applies the appearance to <html> before the first paint, in the head after the page's stylesheets, as the
 * UI kit's appearance.ts would once the page's scripts run (the choice remembered under `annie.appearance`,
 * else the system's `prefers-color-scheme`): the `dark`/`light` class, `color-scheme` and the choice. When
 * dark it also links the dark stylesheet the DARK_SHEET_META names, marked render-blocking, so the first
 * paint is dark without a light flash; a light page never fetches it. The CSP admits this script by its hash.
 */
export const APPEARANCE_SCRIPT = `(()=>{let c;try{c=localStorage.getItem("annie.appearance")}catch{}const d=c==="dark"||c!=="light"&&matchMedia("(prefers-color-scheme: dark)").matches,r=document.documentElement,m=document.querySelector('meta[name="${DARK_SHEET_META}"]');r.classList.add(d?"dark":"light");r.style.colorScheme=d?"dark":"light";r.dataset.appearance=c==="dark"||c==="light"?c:"system";if(d&&m){const l=document.createElement("link");l.rel="stylesheet";l.href=m.content;l.dataset.appearanceSheet="";l.setAttribute("blocking","render");document.head.append(l)}})()`;
