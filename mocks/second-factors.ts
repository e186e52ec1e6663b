import {
  requiresSecondFactor,
  secondFactorStepAtSignIn,
  totpSecretFrom,
  otpauthUrl,
  recoveryCodesFrom,
  normalizeRecoveryCode,
  TOTP_SECRET_BYTES,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  totpCodeAt,
} from '@domain';
import { accountByEmail, grantsOf, mockDb, type MockDbState, type MockSecondFactor, type StoredAccount } from './db';

const randomBytes = (length: number) => crypto.getRandomValues(new Uint8Array(length));

/** The account's second factor, made empty on first use. */
export function secondFactorOf(db: MockDbState, accountId: number): MockSecondFactor {
  db.secondFactors[accountId] ??= { secret: null, pendingSecret: null, enabledAt: null, lastUsedStep: null, recoveryCodes: [] };
  return db.secondFactors[accountId];
}

export const isSecondFactorRequired = (db: Readonly<MockDbState>, account: StoredAccount) => requiresSecondFactor(grantsOf(db, account));

export const secondFactorStepOf = (db: Readonly<MockDbState>, account: StoredAccount) =>
  secondFactorStepAtSignIn(!!db.secondFactors[account.id]?.secret, isSecondFactorRequired(db, account));

/** A new password ends an enrolment under way; the factor in use stays. */
export function dropPendingSecret(db: MockDbState, accountId: number) {
  const factor = db.secondFactors[accountId];
  if (factor) factor.pendingSecret = null;
}

/** A new secret waiting for its code; what the app is given. */
export function startEnrolment(db: MockDbState, account: StoredAccount) {
  const secret = totpSecretFrom(randomBytes(TOTP_SECRET_BYTES));
  secondFactorOf(db, account.id).pendingSecret = secret;
  return { secret, otpauthUrl: otpauthUrl(secret, account.email) };
}

/** The pending secret in use, with ten new recovery codes (answered once, kept normalized). */
export function confirmEnrolment(db: MockDbState, accountId: number, step: number): string[] {
  const factor = secondFactorOf(db, accountId);
  const codes = recoveryCodesFrom(randomBytes(RECOVERY_CODE_COUNT * RECOVERY_CODE_LENGTH));
  Object.assign(factor, {
    secret: factor.pendingSecret,
    pendingSecret: null,
    enabledAt: new Date().toISOString(),
    lastUsedStep: step,
    recoveryCodes: codes.map(normalizeRecoveryCode),
  });
  return codes;
}

export function newRecoveryCodes(db: MockDbState, accountId: number, step: number): string[] {
  const factor = secondFactorOf(db, accountId);
  const codes = recoveryCodesFrom(randomBytes(RECOVERY_CODE_COUNT * RECOVERY_CODE_LENGTH));
  Object.assign(factor, { lastUsedStep: step, recoveryCodes: codes.map(normalizeRecoveryCode) });
  return codes;
}

/**
 * Test hook (mocks/README.md): the code the account's authenticator app shows now, from the
 * secret in use or, while enrolling, the pending one; null when it has neither.
 */
export function currentTotpCode(email: string, now = Date.now()): string | null {
  const account = accountByEmail(mockDb(), email);
  const factor = account ? mockDb().secondFactors[account.id] : undefined;
  const secret = factor?.secret ?? factor?.pendingSecret;
  return secret ? totpCodeAt(secret, now) : null;
}
