// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AFTER_PAINT_SCRIPT, HELD_SCRIPT_TYPE, holdScriptsUntilPainted } from './page-scripts.ts';

const PAGE =
  '<!doctype html><html><head><script defer src="/login.1234abcd.js"></script><style>x{}</style></head><body><div id="root"><h1>AnnieAI Login</h1></div></body></html>';

describe('holdScriptsUntilPainted', () => {
  it('holds each deferred script and ends the body with the script that starts them', () => {
    const held = holdScriptsUntilPainted(PAGE);
    expect(held).not.toContain('<script defer');
    expect(held).toContain(`<script type="${HELD_SCRIPT_TYPE}" src="/login.1234abcd.js"></script><style>`);
    expect(
      held.endsWith(`<h1>AnnieAI Login</h1></div><script>${AFTER_PAINT_SCRIPT}</script></body></html>`),
    ).toBe(true);
  });

  it('leaves a page with no deferred script, or no body end, as it is', () => {
    const noScript = PAGE.replace(/<script[^>]*><\/script>/, '');
    expect(holdScriptsUntilPainted(noScript)).toBe(noScript);
    const noBody = PAGE.replace('</body>', '');
    expect(holdScriptsUntilPainted(noBody)).toBe(noBody);
  });

  it('starts the held scripts in order, once, on the first paint', () => {
    const started = runInPage();
    expect(started()).toEqual([]);
    paint();
    vi.runOnlyPendingTimers();
    expect(started()).toEqual(['/a.js', '/b.js']);
    vi.advanceTimersByTime(2_000);
    expect(started()).toEqual(['/a.js', '/b.js']);
  });

  it('starts them after a second when no paint comes (a hidden tab)', () => {
    const started = runInPage();
    vi.advanceTimersByTime(999);
    expect(started()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(started()).toEqual(['/a.js', '/b.js']);
  });
});

// The script in a page with two held scripts, a PerformanceObserver that reports a paint when told, and
// fake timers; returns the sources of the scripts it has started (in <head>, in order, not async).
let paint = () => {};
function runInPage(): () => string[] {
  vi.useFakeTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = `<script type="${HELD_SCRIPT_TYPE}" src="/a.js"></script><script type="${HELD_SCRIPT_TYPE}" src="/b.js"></script>`;
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      readonly #callback: (list: unknown, observer: unknown) => void;
      constructor(callback: (list: unknown, observer: unknown) => void) {
        this.#callback = callback;
      }
      observe(options: { type: string; buffered: boolean }) {
        expect(options).toEqual({ type: 'paint', buffered: true });
        paint = () => this.#callback({}, this);
      }
      disconnect() {
        paint = () => {};
      }
    },
  );
  new Function(AFTER_PAINT_SCRIPT)();
  return () =>
    [...document.head.querySelectorAll('script')].map((script) => {
      expect(script.async).toBe(false);
      return new URL(script.src).pathname;
    });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
