import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * The key that seals each user's TOTP secret (AES-256-GCM), kept out of the database so a
 * copy of the database alone cannot make codes: `TWO_FACTOR_KEY` (32 bytes, base64), or else a
 * key file made on first start in the data folder. Every API process over one database needs
 * the same key: give the variable to each machine when they do not share the data folder.
 */
export const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

export async function loadSecondFactorKey({ TWO_FACTOR_KEY, dataDir }: { TWO_FACTOR_KEY?: string; dataDir?: string }): Promise<Buffer> {
  if (TWO_FACTOR_KEY) return keyFrom(TWO_FACTOR_KEY, 'TWO_FACTOR_KEY');
  if (!dataDir) throw new Error('TWO_FACTOR_KEY is not set and there is no data folder to keep a key in');
  const file = join(dataDir, 'secrets', 'two-factor.key');
  try {
    return keyFrom((await readFile(file, 'utf8')).trim(), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  // Written whole under a name of its own, then linked in place: of two processes starting at
  // once, one links; the other finds the name taken and reads a whole key, never a half-written one.
  const own = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(own, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  try {
    await link(own, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(own, { force: true });
  }
  return keyFrom((await readFile(file, 'utf8')).trim(), file);
}

function keyFrom(text: string, where: string) {
  const key = Buffer.from(text, 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${where}: the two-factor key must be ${KEY_BYTES} bytes in base64`);
  return key;
}

/** `v1.` and base64url of the nonce, the tag and the ciphertext; the user's id is bound in as associated data. */
export function sealSecret(key: Buffer, userId: number, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`user:${userId}`));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

/** The secret again; throws when the key is not the one it was sealed with, or the row was moved to another user. */
export function openSecret(key: Buffer, userId: number, sealed: string): string {
  const [version, body] = sealed.split('.');
  if (version !== VERSION || !body) throw new Error('not a sealed second-factor secret');
  const bytes = Buffer.from(body, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(`user:${userId}`));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
