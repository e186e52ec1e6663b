import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../fixtures';
import { createTestApp } from '../test/test-app';
import { loadSecondFactorKey, openSecret, sealSecret } from './second-factor-key';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

describe('the two-factor key', () => {
  it('is made once in the data folder, readable by the server alone, and the same for every process', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'two-factor-key-'));
    folders.push(dataDir);
    // Many at once, as processes starting together: each reads the one whole key, none a half-written file.
    const [first, ...others] = await Promise.all(Array.from({ length: 20 }, () => loadSecondFactorKey({ dataDir })));
    for (const other of others) expect(other.equals(first!)).toBe(true);
    expect((await readdir(join(dataDir, 'secrets'))).sort()).toEqual(['two-factor.key']);
    expect(first).toHaveLength(32);
    const file = join(dataDir, 'secrets', 'two-factor.key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await loadSecondFactorKey({ dataDir })).equals(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64'))).toBe(true);
  });

  it('comes from TWO_FACTOR_KEY when set, and refuses one of the wrong length', async () => {
    const key = randomBytes(32);
    expect((await loadSecondFactorKey({ TWO_FACTOR_KEY: key.toString('base64') })).equals(key)).toBe(true);
    await expect(loadSecondFactorKey({ TWO_FACTOR_KEY: randomBytes(16).toString('base64') })).rejects.toThrow(/32 bytes/);
  });

  it('seals a secret for one user: another key, or another user, cannot open it', () => {
    const key = randomBytes(32);
    const sealed = sealSecret(key, 7, 'JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1\./);
    expect(openSecret(key, 7, sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => openSecret(randomBytes(32), 7, sealed)).toThrow();
    expect(() => openSecret(key, 8, sealed)).toThrow();
  });
});

it('keeps no secret in the clear in the database: the TOTP secret sealed, recovery codes as hashes', async () => {
  const t = await createTestApp();
  try {
    await t.signIn('admin');
    const { email } = demoAccounts.admin;
    const rows = await t.db.$client.query<{ secret: string; recovery_code_hashes: string[] }>(
      'SELECT secret, recovery_code_hashes FROM user_second_factors f JOIN users u ON u.id = f.user_id WHERE u.email = $1',
      [email],
    );
    const { secret, recovery_code_hashes: hashes } = rows.rows[0]!;
    const plain = t.phones.secretOf(email);
    expect(secret).toMatch(/^v1\./);
    expect(secret).not.toContain(plain);
    expect(hashes).toHaveLength(10);
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{64}$/);
  } finally {
    await t.close();
  }
});
