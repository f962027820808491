import { APPEARANCE_SCRIPT, DARK_SHEET_META } from '@annie/contracts/page-scripts';
import { describe, expect, it } from 'vitest';
import { withAppearanceHead } from './appearance-head.ts';

describe('withAppearanceHead', () => {
  it("names the dark sheet and runs the appearance script at the end of the head, after the page's sheets", () => {
    const page =
      '<html><head><style>a{}</style><link rel="stylesheet" href="/app/app.css"></head><body></body></html>';
    const html = withAppearanceHead(page, '/appearance-dark.0123abcd.css');
    const meta = `<meta name="${DARK_SHEET_META}" content="/appearance-dark.0123abcd.css">`;
    expect(html).toBe(page.replace('</head>', `${meta}<script>${APPEARANCE_SCRIPT}</script></head>`));
    expect(html.indexOf('app.css')).toBeLessThan(html.indexOf('<script>'));
  });

  it('refuses a page without a head end', () => {
    expect(() => withAppearanceHead('<p>no head</p>', '/d.css')).toThrow(/no <\/head>/);
  });
});
