import { createHash } from 'node:crypto';
import {
  ASSISTANT_NAME_SLOT,
  FIRST_PAINT_FILE,
  FIRST_PAINT_FORMAT,
  type FirstPaint,
} from '@annie/contracts/first-paint';

/** A CSP hash source of `script`, computed here independently of the code under test. */
export const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/**
 * A first paint of the voice home page as a build writes it: a greeting naming the assistant (its slot),
 * a Start call button and one inline script marked with `mark` (which tells two builds apart).
 */
export function testFirstPaint(mark: string, overrides: Partial<FirstPaint> = {}): FirstPaint {
  const script = `document.documentElement.dataset.firstPaint=${JSON.stringify(mark)}`;
  const html = `<div class="radix-themes"><h2>Hello, I'm ${ASSISTANT_NAME_SLOT}</h2><p>${mark}</p><button aria-label="Start call"></button><script>${script}</script></div>`;
  return {
    format: FIRST_PAINT_FORMAT,
    remote: 'voice',
    page: 'realtime',
    html,
    scriptHashes: [hashOf(script)],
    ...overrides,
  };
}

/** The first paint as a build's file (first-paint.json). */
export function firstPaintFile(firstPaint: unknown): { path: string; content: Buffer } {
  return { path: FIRST_PAINT_FILE, content: Buffer.from(JSON.stringify(firstPaint)) };
}
