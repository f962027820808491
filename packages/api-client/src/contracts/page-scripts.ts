// What the pages' HTML and the API's Content-Security-Policy agree on: the one inline script that starts a
// page's scripts once the page has been painted. Plain strings, no imports: the build (the login page) and
// the API (the signed-in page with the home page's idle view, and the CSP hash) both read it.

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
