import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decryptBackupFile, encryptBackupFile, isEncryptedBackup } from './backup-encryption.ts';

const folder = await mkdtemp(join(tmpdir(), 'annie-backup-encryption-'));
afterAll(() => rm(folder, { recursive: true, force: true }));
const KEY = 'a long backup key from the environment';

async function encryptedCopyOf(contents: Buffer): Promise<string> {
  const file = join(folder, `backup-${randomBytes(4).toString('hex')}`);
  await writeFile(file, contents);
  await encryptBackupFile(file, KEY);
  return file;
}

describe('backup encryption at rest', () => {
  it('encrypts in place (0600, no plaintext left) and decrypts with the key', async () => {
    const contents = Buffer.concat([
      Buffer.from('PGDMP password_hash session transcript '),
      randomBytes(300_000),
    ]);
    const file = await encryptedCopyOf(contents);
    expect(await isEncryptedBackup(file)).toBe(true);
    const sealed = await readFile(file);
    expect(sealed.includes(Buffer.from('password_hash'))).toBe(false);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const restored = join(folder, 'restored');
    await decryptBackupFile(file, restored, KEY);
    expect((await readFile(restored)).equals(contents)).toBe(true);
  });

  it('refuses without the key, with a wrong key, and when the file was changed, leaving no output', async () => {
    const file = await encryptedCopyOf(Buffer.from('the database'));
    const out = join(folder, 'refused');
    await expect(decryptBackupFile(file, out, undefined)).rejects.toThrow(/set BACKUP_ENCRYPTION_KEY/);
    await expect(decryptBackupFile(file, out, 'another key')).rejects.toThrow(/could not be decrypted/);
    const tampered = await readFile(file);
    tampered[tampered.length - 20] = (tampered[tampered.length - 20] ?? 0) ^ 1;
    await writeFile(file, tampered);
    await expect(decryptBackupFile(file, out, KEY)).rejects.toThrow(/could not be decrypted/);
    await expect(stat(out)).rejects.toThrow();
  });

  it('tells a plain backup from an encrypted one', async () => {
    const plain = join(folder, 'plain');
    await writeFile(plain, 'PGDMP plain custom-format dump');
    expect(await isEncryptedBackup(plain)).toBe(false);
  });
});
