/** What a run of digits in a stored line becomes while the passcode check is offered. */
export const DIGITS_WITHHELD = '[digits withheld]';

const DIGIT_WORDS = 'zero|oh|one|two|three|four|five|six|seven|eight|nine|ten';
const TOKEN = `(?:\\d|\\b(?:${DIGIT_WORDS})\\b)`;
// Digits (or digit words) with what a transcription puts between spoken digits: spaces, commas, dashes, dots.
const RUN = new RegExp(`${TOKEN}(?:[\\s,.\\-]*${TOKEN})*`, 'gi');

/**
 * A line of a call where the passcode may be said, as it may be stored and shown: every run of
 * numerals, and every run of two or more digit words ("four eight two…"), is withheld. One digit word
 * alone ("this one") is left: it cannot carry a passcode.
 */
export function withholdDigits(text: string): string {
  return text.replace(RUN, (run) => {
    const numerals = /\d/.test(run);
    const words = run.match(/[a-z]+/gi)?.length ?? 0;
    return numerals || words >= 2 ? DIGITS_WITHHELD : run;
  });
}
