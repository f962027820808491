import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TokenCipher, TokenDecryptError } from './token-cipher.ts';

const cipher = new TokenCipher(randomBytes(32).toString('base64'));

describe('TokenCipher', () => {
  it('round-trips a token and never stores it readable, with a fresh IV each time', () => {
    const first = cipher.encrypt('1//refresh-secret', 'tenant-a:user-1');
    const second = cipher.encrypt('1//refresh-secret', 'tenant-a:user-1');
    expect(first).not.toContain('refresh-secret');
    expect(first).not.toBe(second);
    expect(cipher.decrypt(first, 'tenant-a:user-1')).toBe('1//refresh-secret');
  });

  it('refuses another owner, a tampered ciphertext and another key', () => {
    const stored = cipher.encrypt('1//refresh-secret', 'tenant-a:user-1');
    expect(() => cipher.decrypt(stored, 'tenant-a:user-2')).toThrow(TokenDecryptError);
    const tampered = `${stored.slice(0, -2)}${stored.endsWith('A') ? 'B' : 'A'}A`;
    expect(() => cipher.decrypt(tampered, 'tenant-a:user-1')).toThrow(TokenDecryptError);
    const other = new TokenCipher(randomBytes(32).toString('base64'));
    expect(() => other.decrypt(stored, 'tenant-a:user-1')).toThrow(TokenDecryptError);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => new TokenCipher(randomBytes(16).toString('base64'))).toThrow('32 bytes');
  });
});
