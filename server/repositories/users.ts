import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { User } from '../../contract/auth';
import type { DbOrTx } from '../db/client';
import { accountTypes, personas, sessions, userTypes, users } from '../db/schema';

/** What the server knows of a signed-in user beyond the contract's shape. */
export interface Account {
  user: User;
  passwordHash: string;
  userTypeId: number;
  imageFileId: string | null;
  /** Set for a contractor's account: the only organisation whose complaints it may see. */
  contractorOrganizationId: number | null;
}

const accountColumns = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  status: users.status,
  imageFileId: users.imageFileId,
  userTypeId: userTypes.id,
  userTypeName: userTypes.name,
  fullName: personas.fullName,
  phone: personas.phone,
  typeId: personas.accountTypeId,
  organizationId: personas.organizationId,
  positionId: personas.positionId,
  zoneId: personas.zoneId,
  accountTypeCode: accountTypes.code,
};

type AccountRow = { [K in keyof typeof accountColumns]: (typeof accountColumns)[K]['_']['data'] | null };

function toAccount(row: AccountRow, imageUrl: (fileId: string) => string): Account {
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
    },
    passwordHash: row.passwordHash!,
    userTypeId: row.userTypeId!,
    imageFileId: row.imageFileId,
    contractorOrganizationId: row.accountTypeCode === 'contractor' ? row.organizationId : null,
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

/** The active account behind a live session (neither revoked nor expired), in one query. */
export async function findSessionAccount(db: DbOrTx, tokenHash: string, imageUrl: (id: string) => string) {
  const [row] = await db
    .select({ ...accountColumns, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .innerJoin(personas, eq(personas.id, users.personaId))
    .innerJoin(accountTypes, eq(accountTypes.id, personas.accountTypeId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()), eq(users.status, 'active')));
  return row ? { sessionId: row.sessionId, account: toAccount(row, imageUrl) } : null;
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
