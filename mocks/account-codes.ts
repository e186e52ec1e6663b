import { ACTIVATION_TTL_HOURS, OTP_TTL_MINUTES, RESET_TOKEN_TTL_MINUTES } from '@contract';
import {
  accountByEmail,
  updateMockDb,
  type AccountCode,
  type AccountCodePurpose,
  type MockDbState,
} from './db';
import { randomDigits, randomToken } from './random-codes';

const LIFETIME_MS: Record<AccountCodePurpose, number> = {
  activation: ACTIVATION_TTL_HOURS * 3_600_000,
  passwordResetCode: OTP_TTL_MINUTES * 60_000,
  resetToken: RESET_TOKEN_TTL_MINUTES * 60_000,
};

export function issueAccountCode(
  db: MockDbState,
  accountId: number,
  purpose: AccountCodePurpose,
): AccountCode {
  const now = Date.now();
  const code: AccountCode = {
    purpose,
    accountId,
    code: purpose === 'passwordResetCode' ? randomDigits() : randomToken(),
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + LIFETIME_MS[purpose]).toISOString(),
    usedAt: null,
    attempts: 0,
  };
  db.accountCodes.push(code);
  return code;
}

export function findAccountCode(
  db: MockDbState,
  purpose: AccountCodePurpose,
  code: string,
): AccountCode | undefined {
  return db.accountCodes.find(
    (candidate) => candidate.purpose === purpose && candidate.code === code,
  );
}

/** Codes are kept in the order they were issued, so the last unused one is the newest. */
export function newestUnusedCode(
  db: MockDbState,
  accountId: number,
  purpose: AccountCodePurpose,
): AccountCode | undefined {
  return db.accountCodes.findLast(
    (code) => code.accountId === accountId && code.purpose === purpose && !code.usedAt,
  );
}

export function isExpired(code: AccountCode): boolean {
  return Date.parse(code.expiresAt) <= Date.now();
}

export function markCodeUsed(code: AccountCode): void {
  code.usedAt = new Date().toISOString();
}

/** Ends the account's unused codes of these purposes, e.g. older links when a new one is sent. */
export function endAccountCodes(
  db: MockDbState,
  accountId: number,
  purposes: readonly AccountCodePurpose[],
): void {
  for (const code of db.accountCodes) {
    if (code.accountId === accountId && purposes.includes(code.purpose) && !code.usedAt) {
      markCodeUsed(code);
    }
  }
}

/**
 * Test hook (docs/account-rules.md): moves that user's activation links, one-time codes and
 * reset tokens `minutes` into the past, creation and expiry alike.
 */
export function ageAccountCodes(email: string, minutes: number): void {
  updateMockDb((db) => {
    const account = accountByEmail(db, email);
    if (!account) return;
    const shift = (iso: string) => new Date(Date.parse(iso) - minutes * 60_000).toISOString();
    for (const code of db.accountCodes) {
      if (code.accountId !== account.id) continue;
      code.createdAt = shift(code.createdAt);
      code.expiresAt = shift(code.expiresAt);
    }
  });
}
