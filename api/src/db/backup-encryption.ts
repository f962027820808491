import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { BackupToolError } from './backup.ts';

const deriveKey = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;

// An encrypted backup: MAGIC, the scrypt salt, the AES-256-GCM nonce, the ciphertext, then GCM's tag.
const MAGIC = Buffer.from('ANNIEBK1');
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + SALT_BYTES + IV_BYTES;

/** Whether `file` is a backup this module encrypted (by its first bytes). */
export async function isEncryptedBackup(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, MAGIC.length, 0);
    return bytesRead === MAGIC.length && head.equals(MAGIC);
  } finally {
    await handle.close();
  }
}

/**
 * Encrypts the backup `file` in place with AES-256-GCM under a key derived from `secret`
 * (BACKUP_ENCRYPTION_KEY) and a fresh salt: a copied or stolen backup is unreadable without the key,
 * and any change to it is detected at restore. The plain file is replaced only once the encrypted one
 * is complete.
 */
export async function encryptBackupFile(file: string, secret: string): Promise<void> {
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', await deriveKey(secret, salt, 32), iv);
  const sealed = `${file}.encrypting`;
  const out = createWriteStream(sealed, { mode: 0o600 });
  out.write(Buffer.concat([MAGIC, salt, iv]));
  await pipeline(createReadStream(file), cipher, out, { end: false }).catch(async (error) => {
    out.destroy();
    await rm(sealed, { force: true });
    throw error;
  });
  await new Promise<void>((resolve, reject) =>
    out.end(cipher.getAuthTag(), () => resolve()).on('error', reject),
  );
  await rename(sealed, file);
}

/**
 * Decrypts an encrypted backup into `output` (0600). Refused without the key, with a wrong key, or when
 * the file was changed: nothing is left at `output` then.
 */
export async function decryptBackupFile(
  file: string,
  output: string,
  secret: string | undefined,
): Promise<void> {
  if (!secret) {
    throw new BackupToolError(`${file} is encrypted: set BACKUP_ENCRYPTION_KEY to the key it was made with`);
  }
  const { size } = await stat(file);
  if (size < HEADER_BYTES + TAG_BYTES)
    throw new BackupToolError(`${file} is not a complete encrypted backup`);
  const handle = await open(file, 'r');
  const header = Buffer.alloc(HEADER_BYTES);
  const tag = Buffer.alloc(TAG_BYTES);
  try {
    await handle.read(header, 0, HEADER_BYTES, 0);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  const salt = header.subarray(MAGIC.length, MAGIC.length + SALT_BYTES);
  const iv = header.subarray(MAGIC.length + SALT_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', await deriveKey(secret, salt, 32), iv);
  decipher.setAuthTag(tag);
  const body = createReadStream(file, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 });
  try {
    await pipeline(body, decipher, createWriteStream(output, { mode: 0o600 }));
  } catch {
    await rm(output, { force: true });
    throw new BackupToolError(
      `${file} could not be decrypted: BACKUP_ENCRYPTION_KEY is not the key it was made with, or the file was changed`,
    );
  }
}
