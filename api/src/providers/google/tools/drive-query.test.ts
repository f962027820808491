import { describe, expect, it } from 'vitest';
import { driveLiteral, usesFullText } from './drive-query.ts';

describe('usesFullText: a fullText term anywhere in a Drive query', () => {
  it.each([
    "fullText contains 'x'",
    "trashed = false and fullText contains 'x'",
    "(name contains 'x' or fullText contains 'x')",
    "trashed = false and (name contains 'x' or fullText contains 'x')",
    "not fullText contains 'x'",
    "mimeType = 'application/pdf' and (fullText  contains 'x')",
  ])('finds it in %s', (query) => {
    expect(usesFullText(query)).toBe(true);
  });

  it.each([
    "trashed = false and name contains 'x'",
    `name contains ${driveLiteral('fullText contains x')}`,
    `name contains ${driveLiteral("it's (fullText contains x")}`,
    "mimeType contains 'image/'",
  ])('finds none in %s (words inside a quoted value are data)', (query) => {
    expect(usesFullText(query)).toBe(false);
  });
});
