import { and, eq, sql } from 'drizzle-orm';
import type { Preferences } from '../../contract/account-rules';
import type { User } from '../../contract/auth';
import { callerOf, type Caller } from '../../domain/visibility';
import type { DbOrTx, Tx } from '../db/client';
import { accountTypes, personas, userTypes, users } from '../db/schema';

/** What the server knows of a signed-in user beyond the contract's shape. */
export interface Account {
  user: User;
  passwordHash: string;
  userTypeId: number;
  imageFileId: string | null;
  /** Who the rules see: a contractor's account reaches its own organisation only. */
  caller: Caller;
}

/** The person behind a user, as every user read joins it (a user's name and profile are its persona's). */
export const personaColumns = {
  fullName: personas.fullName,
  phone: personas.phone,
  typeId: personas.accountTypeId,
  organizationId: personas.organizationId,
  positionId: personas.positionId,
  zoneId: personas.zoneId,
};

export const accountColumns = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  status: users.status,
  preferences: users.preferences,
  imageFileId: users.imageFileId,
  userTypeId: userTypes.id,
  userTypeName: userTypes.name,
  ...personaColumns,
  accountTypeCode: accountTypes.key,
};

export type AccountRow = { [K in keyof typeof accountColumns]: (typeof accountColumns)[K]['_']['data'] | null };

export function toAccount(row: AccountRow, imageUrl: (fileId: string) => string): Account {
  return {
    user: {
      id: row.id!,
      email: row.email!,
      fullName: row.fullName!,
      phone: row.phone,
      image: row.imageFileId ? imageUrl(row.imageFileId) : null,
      status: row.status!,
      userType: { id: row.userTypeId!, name: row.userTypeName! },
      userProfile: {
        typeId: row.typeId!,
        organizationId: row.organizationId,
        positionId: row.positionId,
        zoneId: row.zoneId,
      },
      preferences: row.preferences!,
    },
    passwordHash: row.passwordHash!,
    userTypeId: row.userTypeId!,
    imageFileId: row.imageFileId,
    caller: callerOf({ userId: row.id!, accountTypeCode: row.accountTypeCode!, organizationId: row.organizationId }),
  };
}

function selectAccounts(db: DbOrTx) {
  return db
    .select(accountColumns)
    .from(users)
    .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .innerJoin(personas, eq(personas.id, users.personaId))
    .innerJoin(accountTypes, eq(accountTypes.id, personas.accountTypeId));
}

export async function findAccountByEmail(db: DbOrTx, email: string, imageUrl: (id: string) => string) {
  const [row] = await selectAccounts(db).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row ? toAccount(row, imageUrl) : null;
}

export async function findAccountById(db: DbOrTx, userId: number, imageUrl: (id: string) => string) {
  const [row] = await selectAccounts(db).where(eq(users.id, userId));
  return row ? toAccount(row, imageUrl) : null;
}

export async function updatePersona(db: DbOrTx, userId: number, changes: { fullName?: string; phone?: string | null }) {
  if (Object.keys(changes).length === 0) return;
  const [user] = await db.select({ personaId: users.personaId }).from(users).where(eq(users.id, userId));
  await db.update(personas).set(changes).where(eq(personas.id, user!.personaId));
  await db.update(users).set({ updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function findUserById(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: users.id, email: users.email, status: users.status }).from(users).where(eq(users.id, id));
  return row ?? null;
}

/** Who holds an e-mail, whatever their status (register, invite, forgot password). */
const ADDRESS_LOCK = 0x61646472; // 'addr'

/**
 * The user of an e-mail address, once no other transaction is deciding about the same address
 * (registration, invitation): of two at once for a new address, the second waits and then
 * finds the first's user, rather than failing on the unique address.
 */
export async function claimAddress(tx: Tx, email: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${email.toLowerCase()}))`);
  return findUserByEmail(tx, email);
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, status: users.status, personaId: users.personaId, invitedAt: users.invitedAt })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .for('update');
  return row ?? null;
}

/** A self-registered account: pending, of the given user type, its own persona. */
export async function insertPendingUser(
  db: DbOrTx,
  values: { email: string; passwordHash: string; fullName: string; phone: string | null; userTypeId: number; accountTypeId: number },
) {
  const [persona] = await db
    .insert(personas)
    .values({ fullName: values.fullName, phone: values.phone, accountTypeId: values.accountTypeId })
    .returning({ id: personas.id });
  const [user] = await db
    .insert(users)
    .values({
      email: values.email,
      passwordHash: values.passwordHash,
      userTypeId: values.userTypeId,
      personaId: persona!.id,
      status: 'pending',
    })
    .returning({ id: users.id });
  return user!.id;
}

/** Pending → active (with the password an invitee chose); the e-mail, or null when the account was not pending any more. */
export async function activatePendingUser(db: DbOrTx, userId: number, passwordHash: string | null = null) {
  const [row] = await db
    .update(users)
    .set({ status: 'active', updatedAt: new Date(), ...(passwordHash ? { passwordHash } : {}) })
    .where(and(eq(users.id, userId), eq(users.status, 'pending')))
    .returning({ email: users.email });
  return row?.email ?? null;
}

export async function setAvatar(db: DbOrTx, userId: number, imageFileId: string | null) {
  await db.update(users).set({ imageFileId, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** The user type and account type a self-registered account gets, by their stable keys. */
export async function registrationTypes(db: DbOrTx, userTypeKey: string, accountTypeCode: string) {
  const [userType] = await db.select({ id: userTypes.id }).from(userTypes).where(eq(userTypes.key, userTypeKey));
  const [accountType] = await db.select({ id: accountTypes.id }).from(accountTypes).where(eq(accountTypes.key, accountTypeCode));
  if (!userType || !accountType)
    throw new Error(`user type "${userTypeKey}" or account type "${accountTypeCode}" is missing; run the seed`);
  return { userTypeId: userType.id, accountTypeId: accountType.id };
}

/** Changes some of the user's settings; the others stay (a JSON merge in one statement). */
export async function mergePreferences(db: DbOrTx, userId: number, changes: Partial<Preferences>) {
  await db
    .update(users)
    .set({ preferences: sql`${users.preferences} || ${JSON.stringify(changes)}::jsonb`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
