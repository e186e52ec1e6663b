import { codeExpiresAt, type CodePurpose } from '@domain';
import { accountByEmail, updateMockDb, type AccountCode, type MockDbState } from './db';
import { randomDigits, randomToken } from './random-codes';

/** A new single-use secret; the account's unused ones of that purpose end (older links, codes), unless `endsOlder` is false. */
export function issueAccountCode(
  db: MockDbState,
  accountId: number,
  purpose: CodePurpose,
  { expiresAt, endsOlder = true }: { expiresAt?: Date; endsOlder?: boolean } = {},
): AccountCode {
  if (endsOlder) endAccountCodes(db, accountId, [purpose]);
  const now = Date.now();
  const code: AccountCode = {
    purpose,
    accountId,
    code: purpose === 'passwordResetCode' ? randomDigits() : randomToken(),
    createdAt: new Date(now).toISOString(),
    expiresAt: (expiresAt ?? codeExpiresAt(purpose, now)).toISOString(),
    usedAt: null,
    attempts: 0,
  };
  db.accountCodes.push(code);
  return code;
}

export const findAccountCode = (db: Readonly<MockDbState>, purposes: readonly CodePurpose[], code: string) =>
  db.accountCodes.find((candidate) => purposes.includes(candidate.purpose) && candidate.code === code) ?? null;

/** Codes are kept in the order they were issued, so the last unused one is the newest. */
export const newestUnusedCode = (db: Readonly<MockDbState>, accountId: number, purpose: CodePurpose) =>
  db.accountCodes.findLast((c) => c.accountId === accountId && c.purpose === purpose && !c.usedAt) ?? null;

export function markCodeUsed(code: AccountCode): void {
  code.usedAt = new Date().toISOString();
}

export function endAccountCodes(db: MockDbState, accountId: number, purposes: readonly CodePurpose[]): void {
  for (const code of db.accountCodes) {
    if (code.accountId === accountId && purposes.includes(code.purpose) && !code.usedAt) markCodeUsed(code);
  }
}

/** Test hook (docs/account-rules.md): that user's links, codes and tokens `minutes` into the past. */
export function ageAccountCodes(email: string, minutes: number): void {
  updateMockDb((db) => {
    const account = accountByEmail(db, email);
    const shift = (iso: string) => new Date(Date.parse(iso) - minutes * 60_000).toISOString();
    for (const code of db.accountCodes.filter((c) => c.accountId === account?.id)) {
      code.createdAt = shift(code.createdAt);
      code.expiresAt = shift(code.expiresAt);
    }
  });
}
