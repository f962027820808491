import {
  CJK_NUMERALS,
  NUMBER_HELPERS,
  NUMBER_JOINERS,
  NUMBER_PARTS,
  NUMBER_WORDS,
  SINO_KOREAN_DIGITS,
} from './passcode-redaction-lexicon.ts';

/** What a run of digits in a stored line becomes while the passcode check is offered. */
export const DIGITS_WITHHELD = '[digits withheld]';

// A token is a run of numerals (any script's: \p{N} covers Arabic-Indic, full-width, circled…), of CJK
// numerals, or of other letters; CJK numerals are split from the letters around them.
const TOKEN = new RegExp(`[${CJK_NUMERALS}]+|\\p{N}+|[^\\P{L}${CJK_NUMERALS}]+`, 'gu');
// What may sit between the digits of one number: spaces, and the punctuation a transcription puts
// between spoken digits or a caller types (commas, dots, dashes, slashes, colons; CJK forms too).
const GAP = /^[\s,.\-–—‐/:;·・、，。：／]*$/u;
const PARTS = new RegExp(`^(?:${[...NUMBER_PARTS].sort((a, b) => b.length - a.length).join('|')}){2,}$`);
const SINO_KOREAN = new RegExp(`^[${SINO_KOREAN_DIGITS}]{2,}$`, 'u');

type Kind = 'number' | 'helper' | 'joiner' | 'other';

function normalised(word: string): string {
  // Composed again after the accents go, so Hangul syllables (which NFD splits into letters) match.
  return word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC').replace(/ß/g, 'ss');
}

function kindOf(token: string): Kind {
  if (/^\p{N}/u.test(token) || CJK_NUMERALS.includes(token[0] ?? '')) return 'number';
  const word = normalised(token);
  if (NUMBER_WORDS.has(word) || PARTS.test(word) || SINO_KOREAN.test(word)) return 'number';
  if (NUMBER_HELPERS.has(word)) return 'helper';
  if (NUMBER_JOINERS.has(word)) return 'joiner';
  return 'other';
}

type Token = { start: number; end: number; kind: Kind };

/**
 * A line of a call where the passcode may be said, as it may be stored and shown: every number in it is
 * withheld, however it is said — numerals of any script, digit and tens words in the product's languages
 * ("forty-eight, oh two, seventy-three", "double four", "vingt-deux", "achtundvierzig", "四十八"), with
 * the words and punctuation that join them. A single digit is withheld too: a caller who says one digit
 * per turn would otherwise spread the passcode over lines that each look harmless. "Oh" and "double"
 * count only beside a number, and a joiner only between two.
 */
export function withholdDigits(text: string): string {
  const tokens: Token[] = [...text.matchAll(TOKEN)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    kind: kindOf(match[0]),
  }));
  let out = '';
  let written = 0;
  let index = 0;
  while (index < tokens.length) {
    const first = tokens[index] as Token;
    if (first.kind !== 'number' && first.kind !== 'helper') {
      index += 1;
      continue;
    }
    // Extend over tokens that continue a number, separated only by joining punctuation.
    let last = index;
    let hasNumber = first.kind === 'number';
    let lastDigit = first.kind === 'number' || first.kind === 'helper' ? index : -1;
    for (let next = index + 1; next < tokens.length; next += 1) {
      const token = tokens[next] as Token;
      const previous = tokens[next - 1] as Token;
      if (token.kind === 'other' || !GAP.test(text.slice(previous.end, token.start))) break;
      last = next;
      if (token.kind === 'number') hasNumber = true;
      if (token.kind !== 'joiner') lastDigit = next;
    }
    last = lastDigit;
    const end = tokens[last] as Token;
    if (hasNumber) {
      out += text.slice(written, first.start) + DIGITS_WITHHELD;
      written = end.end;
    }
    index = last + 1;
  }
  return out + text.slice(written);
}
