import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { LINK_PURPOSES, type CodePurpose } from '../../domain/accounts';
import type { DbOrTx } from '../db/client';
import { accountCodes } from '../db/schema';

/** How the table names each purpose of domain/accounts.ts. */
const STORED_PURPOSE = {
  activation: 'activation',
  invitation: 'invitation',
  passwordResetCode: 'password-reset-otp',
  resetToken: 'password-reset-token',
  secondFactorChallenge: 'second-factor-challenge',
} as const satisfies Record<CodePurpose, (typeof accountCodes.$inferSelect)['purpose']>;

/**
 * A new single-use secret; the user's unused ones of that purpose end (older links, codes),
 * unless `endsOlder` is false: a link sent again because someone else asked ends nothing.
 */
export async function insertCode(
  db: DbOrTx,
  { purpose, ...values }: { userId: number; purpose: CodePurpose; codeHash: string; expiresAt: Date },
  { endsOlder = true } = {},
) {
  if (endsOlder) await endCodes(db, values.userId, [purpose]);
  await db.insert(accountCodes).values({ ...values, purpose: STORED_PURPOSE[purpose] });
}

export async function findCodeByHash(db: DbOrTx, purpose: CodePurpose, codeHash: string, { lock = false } = {}) {
  const query = db
    .select()
    .from(accountCodes)
    .where(and(eq(accountCodes.purpose, STORED_PURPOSE[purpose]), eq(accountCodes.codeHash, codeHash)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The link of `/account/activation/{code}`: a self-registration's or an invitation's, with its purpose. */
export async function findLinkByHash(db: DbOrTx, codeHash: string) {
  const [row] = await db
    .select()
    .from(accountCodes)
    .where(
      and(
        inArray(
          accountCodes.purpose,
          LINK_PURPOSES.map((p) => STORED_PURPOSE[p]),
        ),
        eq(accountCodes.codeHash, codeHash),
      ),
    );
  return row ? { ...row, purpose: LINK_PURPOSES.find((p) => STORED_PURPOSE[p] === row.purpose)! } : null;
}

/** The newest code of that purpose the user has not used, locked until the transaction ends. */
export async function latestUnusedCode(tx: DbOrTx, userId: number, purpose: CodePurpose) {
  const [row] = await tx
    .select()
    .from(accountCodes)
    .where(and(eq(accountCodes.userId, userId), eq(accountCodes.purpose, STORED_PURPOSE[purpose]), isNull(accountCodes.usedAt)))
    .orderBy(desc(accountCodes.createdAt), desc(accountCodes.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Single use: true only for the one caller that marked it used. */
export async function useCode(db: DbOrTx, id: number) {
  const rows = await db
    .update(accountCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(accountCodes.id, id), isNull(accountCodes.usedAt)))
    .returning({ id: accountCodes.id });
  return rows.length === 1;
}

export async function countAttempt(db: DbOrTx, id: number) {
  const [row] = await db
    .update(accountCodes)
    .set({ attempts: sql`${accountCodes.attempts} + 1` })
    .where(eq(accountCodes.id, id))
    .returning({ attempts: accountCodes.attempts });
  return row!.attempts;
}

/** Ends every unused code of these purposes: a reset's codes, and older ones when `insertCode` issues a new one. */
export async function endCodes(db: DbOrTx, userId: number, purposes: readonly CodePurpose[]) {
  for (const purpose of purposes) {
    await db
      .update(accountCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(accountCodes.userId, userId), eq(accountCodes.purpose, STORED_PURPOSE[purpose]), isNull(accountCodes.usedAt)));
  }
}

/** Test hook: moves a user's codes `minutes` into the past. */
export async function ageCodes(db: DbOrTx, userId: number, minutes: number) {
  const shift = sql.raw(`interval '${Math.trunc(minutes)} minutes'`);
  await db
    .update(accountCodes)
    .set({ createdAt: sql`${accountCodes.createdAt} - ${shift}`, expiresAt: sql`${accountCodes.expiresAt} - ${shift}` })
    .where(eq(accountCodes.userId, userId));
}
