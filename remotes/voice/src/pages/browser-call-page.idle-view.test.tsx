import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
// The home page's idle view, which the API writes by hand in this page's markup and classes.
import { voiceIdleMarkup } from '../../../../api/src/modules/static/idle-view.ts';
import { renderPage, stubApi, useBrowserCallHarness } from '../testing/browser-call-harness.tsx';

useBrowserCallHarness();

/** Attributes that make what is seen and announced; ids, style variables and the view's own hooks aside. */
const KEPT = ['role', 'aria-label', 'aria-pressed', 'aria-hidden', 'data-accent-color', 'data-radius'];

/**
 * The visible structure under `root`, one line per element: its tag, its Radix classes, the attributes
 * that make what is seen and announced, and its own text. Left out: the call button's own class (the
 * page's stylesheet and the idle view's each size it), an SVG's path data, and the idle view's script.
 */
function structure(root: Element): string[] {
  const lines: string[] = [];
  const walk = (element: Element, depth: number) => {
    if (element.tagName === 'SCRIPT') return;
    const classes = [...element.classList].filter((name) => name.startsWith('rt-')).sort();
    const attributes = KEPT.flatMap((name) => {
      const value = element.getAttribute(name);
      return value === null || (name === 'data-accent-color' && value === '') ? [] : [`${name}=${value}`];
    });
    const text = [...element.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent)
      .join('')
      .trim();
    const tag = element.tagName.toLowerCase();
    lines.push(`${'  '.repeat(depth)}${tag} ${classes.join('.')} ${attributes.join(' ')} ${text}`.trimEnd());
    if (tag === 'svg') return;
    for (const child of element.children) walk(child, depth + 1);
  };
  walk(root, 0);
  return lines;
}

describe("the API's idle view of the home page", () => {
  it("has the voice page's idle structure: header and status line, welcome, call button and caption", async () => {
    stubApi();
    const { container } = renderPage();
    await screen.findByRole('heading', { name: "Hello, I'm Edmund" });
    // The page's outermost element inside the Theme wrapper.
    const page = container.querySelector('.radix-themes > .rt-Flex');
    const idle = document.createElement('div');
    idle.innerHTML = voiceIdleMarkup('Edmund');
    const view = idle.querySelector('[data-boot-idle] > .rt-Flex');
    if (!page || !view) throw new Error('a view is missing');
    expect(structure(view)).toEqual(structure(page));
  });
});
