import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { firstPaintFile, minifiedCss } from './first-paint.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('first-paint.json as a remote build writes it', () => {
  it('lists the hash of every inline script the HTML holds, computed from the HTML itself', () => {
    const file = firstPaintFile(
      'voice',
      'realtime',
      { html: '<div><button>Start</button><script>go()</script><script>stay()</script></div>' },
      minifiedCss('.a > span {\n  width: 1px;\n}\n/* why */'),
    );
    expect(file.html).toBe(
      '<style>.a>span{width:1px;}</style><div><button>Start</button><script>go()</script><script>stay()</script></div>',
    );
    expect(file.scriptHashes).toEqual([sha256('go()'), sha256('stay()')]);
    expect(file).toMatchObject({ format: 1, remote: 'voice', page: 'realtime' });
  });

  it('fails the build on a first paint the API would refuse at publish, naming why', () => {
    expect(() => firstPaintFile('voice', 'realtime', { html: '<div><iframe></iframe></div>' })).toThrow(
      /voice's first-paint.json is not a first paint: <iframe> is not allowed/,
    );
    expect(() => firstPaintFile('voice', 'realtime', { html: '<script src="/x.js"></script>' })).toThrow(
      /a script has attributes/,
    );
  });
});
