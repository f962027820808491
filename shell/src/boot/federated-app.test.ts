import { afterEach, describe, expect, it } from 'vitest';
import { loadFederatedApp } from './federated-app.ts';

afterEach(() => {
  for (const node of document.head.querySelectorAll('script, link')) node.remove();
});

describe('loadFederatedApp', () => {
  it("adds the app's stylesheet, then react-dom's script and app.js, run in that order", () => {
    loadFederatedApp();
    const stylesheets = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    expect(stylesheets.map((link) => link.getAttribute('href'))).toEqual(['/app/app.css']);
    const scripts = [...document.head.querySelectorAll<HTMLScriptElement>('script')];
    // app.js starts the app only once react-dom's chunk has run: an inserted script is async unless told not to be.
    expect(scripts.map((script) => [script.getAttribute('src'), script.async])).toEqual([
      ['/app/app-react-dom.js', false],
      ['/app/app.js', false],
    ]);
  });
});
