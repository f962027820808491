import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;

/** A stored token that cannot be decrypted: wrong key, tampered text, or bound to another owner. */
export class TokenDecryptError extends Error {
  override name = 'TokenDecryptError';
}

/**
 * AES-256-GCM for refresh tokens at rest. The owner (tenant and user) is bound in as associated
 * data, so a ciphertext copied onto another user's row does not decrypt.
 */
export class TokenCipher {
  readonly #key: Buffer;

  /** `keyBase64`: 32 random bytes in base64 (GOOGLE_TOKEN_KEY). */
  constructor(keyBase64: string) {
    this.#key = Buffer.from(keyBase64, 'base64');
    if (this.#key.length !== 32) throw new Error('The token key must be 32 bytes');
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, each part base64url; a fresh IV every time. */
  encrypt(plaintext: string, owner: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(owner, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
    return [VERSION, ...parts].join('.');
  }

  decrypt(stored: string, owner: string): string {
    const [version, iv, tag, ciphertext] = stored.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined)
      throw new TokenDecryptError('Unrecognised token format');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(owner, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new TokenDecryptError('The stored token does not decrypt with this key and owner');
    }
  }
}
