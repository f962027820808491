import { describe, expect, it } from 'vitest';
import { checkFirstPaint } from './first-paint-check.ts';
import { hashOf, testFirstPaint } from './testing/test-first-paint.ts';

const problemsOf = (json: unknown) => {
  const check = checkFirstPaint('voice', json);
  return check.ok ? [] : check.problems.join('; ');
};

describe('checking a first paint (first-paint.json)', () => {
  it('accepts a first paint whose every inline script is listed by its hash', () => {
    const check = checkFirstPaint('voice', testFirstPaint('one'));
    expect(check.ok).toBe(true);
  });

  it('refuses a script the hashes do not admit, and a hash admitting a script it does not hold', () => {
    expect(problemsOf(testFirstPaint('one', { scriptHashes: [] }))).toContain(
      'an inline script has no hash in scriptHashes',
    );
    expect(
      problemsOf(
        testFirstPaint('one', { scriptHashes: [...testFirstPaint('one').scriptHashes, hashOf('x')] }),
      ),
    ).toContain('scriptHashes lists a hash of no inline script');
  });

  it('refuses markup the page must not carry, naming it', () => {
    const html = (markup: string) => testFirstPaint('one', { html: markup, scriptHashes: [] });
    expect(problemsOf(html('<div><script src="/x.js"></script></div>'))).toContain('a script has attributes');
    expect(problemsOf(html('<div><iframe></iframe></div>'))).toContain('<iframe> is not allowed');
    expect(problemsOf(html('<div><img src="https://e.test/x"></div>'))).toContain('<img> is not allowed');
    expect(problemsOf(html('<button onclick="go()">x</button>'))).toContain('event handler attribute');
    expect(problemsOf(html('<div><a href="javascript:go()">x</a></div>'))).toContain('javascript: URL');
    expect(problemsOf(html('<style>.a{background:url(https://e.test/x)}</style>'))).toContain(
      'a style fetches',
    );
    expect(problemsOf(html('<div><div>x</div>'))).toContain('<div> elements do not close');
    expect(problemsOf(html('<div></div></div></body><div>'))).toContain('<body> is not allowed');
  });

  it('refuses another remote, a page its remote does not have, an unknown format or field', () => {
    expect(problemsOf(testFirstPaint('one', { remote: 'lab' }))).toContain('first paint of "lab"');
    expect(problemsOf(testFirstPaint('one', { page: 'nowhere' }))).toContain('voice has no page "nowhere"');
    expect(problemsOf({ ...testFirstPaint('one'), format: 2 })).toContain('format');
    expect(problemsOf({ ...testFirstPaint('one'), extra: true })).toContain('extra');
    expect(problemsOf({ ...testFirstPaint('one'), html: 'x'.repeat(20_000) })).toContain('html');
  });
});
