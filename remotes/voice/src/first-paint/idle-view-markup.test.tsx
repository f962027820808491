import { ASSISTANT_NAME_SLOT, firstPaintMarkupProblems, inlineScriptsOf } from '@annie/contracts/first-paint';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  heldOffer,
  renderPage,
  status,
  stubApi,
  useBrowserCallHarness,
} from '../testing/browser-call-harness.tsx';
import { EARLY_CALL_START_ATTRIBUTE, EARLY_CALL_START_VERSION } from './early-call-start.ts';
import { firstPaint, renderIdleView } from './idle-view-markup.tsx';

useBrowserCallHarness();

/** Attributes that make what is seen and announced; ids and the theme's own settings aside. */
const KEPT = ['role', 'aria-label', 'aria-pressed', 'aria-hidden', 'data-accent-color', 'data-radius'];

// The avatar's letter is the one thing the page shows only once mounted: Radix's Avatar renders its
// fallback text after its (absent) image has failed to load, an effect; the circle is painted at once.
const AFTER_MOUNT = new Set(['rt-one-letter']);

/** The visible structure under `root`, one line per element: tag, Radix classes, kept attributes, own text. */
function structure(root: Element): string[] {
  const lines: string[] = [];
  const walk = (element: Element, depth: number) => {
    if (element.tagName === 'SCRIPT') return;
    const classes = [...element.classList]
      .filter((name) => name.startsWith('rt-') && !AFTER_MOUNT.has(name))
      .sort();
    const attributes = KEPT.flatMap((name) => {
      const value = element.getAttribute(name);
      return value === null ? [] : [`${name}=${value}`];
    });
    const text = [...element.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE && !element.classList.contains('rt-AvatarFallback'))
      .map((node) => node.textContent)
      .join('')
      .trim();
    const tag = element.tagName.toLowerCase();
    lines.push(`${'  '.repeat(depth)}${tag} ${classes.join('.')} ${attributes.join(' ')} ${text}`.trimEnd());
    for (const child of element.children) walk(child, depth + 1);
  };
  walk(root, 0);
  return lines;
}

/** The first paint as the API puts it into the page: the name in its slot, in the shell's block. */
function paintFirstPaint(name: string): HTMLElement {
  const block = document.createElement('div');
  block.dataset.bootIdle = 'voice';
  block.innerHTML = renderIdleView().replaceAll(ASSISTANT_NAME_SLOT, name);
  document.body.append(block);
  return block;
}

/** Runs the first paint's inline script as the browser does where it stands (document.currentScript). */
function runItsScript(block: HTMLElement): void {
  const script = block.querySelector('script');
  if (!script) throw new Error('the first paint has no script');
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  try {
    new Function(script.textContent ?? '')();
  } finally {
    Reflect.deleteProperty(document, 'currentScript');
  }
}

afterEach(() => {
  for (const block of document.querySelectorAll('[data-boot-idle]')) block.remove();
  document.documentElement.removeAttribute(EARLY_CALL_START_ATTRIBUTE);
});

describe("the voice build's first paint (the home page's idle view)", () => {
  it('is the page itself as it first renders: header and status line, welcome, call button and caption', async () => {
    stubApi();
    const { container } = renderPage();
    await screen.findByRole('heading', { name: "Hello, I'm Edmund" });
    const page = container.querySelector('.radix-themes > .rt-Flex');
    const painted = paintFirstPaint('Edmund').querySelector('.radix-themes > .rt-Flex');
    if (!page || !painted) throw new Error('a view is missing');
    expect(structure(painted)).toEqual(structure(page));
  });

  it('is markup the API accepts, with one inline script and the handshake its page reads', () => {
    const { html, handoff } = firstPaint();
    expect(firstPaintMarkupProblems(html)).toEqual([]);
    expect(inlineScriptsOf(html)).toHaveLength(1);
    expect(handoff).toEqual({ attribute: EARLY_CALL_START_ATTRIBUTE, version: EARLY_CALL_START_VERSION });
    // It sits inside the shell's theme: not a root theme (full-screen minimum height) nor a background.
    const theme = html.match(/<div [^>]*class="radix-themes"[^>]*>/)?.[0] ?? '';
    expect(theme).toContain('data-is-root-theme="false"');
    expect(theme).toContain('data-has-background="false"');
    expect(theme).toContain('data-accent-color="indigo"');
  });

  it('takes a press before the page is there, says it connects, and the page then starts the call', async () => {
    const block = paintFirstPaint('Edmund');
    runItsScript(block);
    const start = block.querySelector<HTMLButtonElement>('button[aria-label="Start call"]');
    start?.click();
    start?.click();
    expect(start).toHaveAttribute('aria-disabled', 'true');
    expect(block.querySelector('[role="status"]')).toHaveTextContent('Connecting...');
    expect(document.getElementById(start?.getAttribute('aria-describedby') ?? '')).toHaveTextContent(
      'Connecting...',
    );
    expect(document.documentElement.getAttribute(EARLY_CALL_START_ATTRIBUTE)).toBe(EARLY_CALL_START_VERSION);

    block.remove();
    const offer = heldOffer();
    const api = stubApi({ 'POST /api/realtime/offer': offer.route });
    renderPage();
    await waitFor(() => expect(api.requests('POST').map((r) => r.path)).toContain('/api/realtime/offer'));
    expect(status()).toHaveTextContent('Connecting...');
    expect(document.documentElement.hasAttribute(EARLY_CALL_START_ATTRIBUTE)).toBe(false);
    offer.release();
    await waitFor(() => expect(status()).toHaveTextContent('Listening...'));
  });

  it("does not take a press of a handshake it does not know (another build's), and forgets it", async () => {
    document.documentElement.setAttribute(EARLY_CALL_START_ATTRIBUTE, `${EARLY_CALL_START_VERSION}0`);
    const api = stubApi();
    renderPage();
    expect(await screen.findByRole('button', { name: 'Start call' })).toBeEnabled();
    expect(status()).toHaveTextContent('Press Start to talk');
    expect(document.documentElement.hasAttribute(EARLY_CALL_START_ATTRIBUTE)).toBe(false);
    expect(api.requests('POST').map((r) => r.path)).not.toContain('/api/realtime/offer');
  });
});
