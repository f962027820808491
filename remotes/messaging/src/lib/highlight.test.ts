import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight.ts';

describe('highlightParts', () => {
  it('marks every occurrence, any case, keeping the text as written', () => {
    expect(highlightParts("…Dad's doing the Roast. roast!", 'ROAST')).toEqual([
      { text: "…Dad's doing the ", match: false },
      { text: 'Roast', match: true },
      { text: '. ', match: false },
      { text: 'roast', match: true },
      { text: '!', match: false },
    ]);
  });

  it('leaves the text whole for a blank query or no match', () => {
    expect(highlightParts('Lunch', ' ')).toEqual([{ text: 'Lunch', match: false }]);
    expect(highlightParts('Lunch', 'x')).toEqual([{ text: 'Lunch', match: false }]);
  });
});
