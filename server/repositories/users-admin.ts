import { and, asc, count, desc, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { AdminUser, UserSortField } from '../../contract/users';
import { userSnapshot } from '../../domain/audit';
import { pageOf, paginationOf, type ListSort } from '../../domain/lists';
import { ADMINISTRATOR_USER_TYPE, pendingKindOf, USER_LIST_RULES, type PersonaLink } from '../../domain/users';
import type { DbOrTx } from '../db/client';
import { accountTypes, personas, userTypes, users } from '../db/schema';
import { containing } from './pagination';
import { personaColumns } from './users';

// Users as administrators see and change them: accounts over their personas.

const columns = {
  id: users.id,
  email: users.email,
  status: users.status,
  imageFileId: users.imageFileId,
  invitedAt: users.invitedAt,
  createdAt: users.createdAt,
  personaId: users.personaId,
  userTypeId: userTypes.id,
  userTypeName: userTypes.name,
  userTypeKey: userTypes.key,
  ...personaColumns,
};
type Row = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

/** The columns the list sorts and searches by. */
const listColumn = {
  email: users.email,
  fullName: personas.fullName,
  status: users.status,
  createdAt: users.createdAt,
} as const satisfies Record<UserSortField, unknown>;

export const toAdminUser = (row: Row, imageUrl: (id: string) => string): AdminUser => ({
  id: row.id,
  email: row.email,
  fullName: row.fullName,
  phone: row.phone,
  image: row.imageFileId ? imageUrl(row.imageFileId) : null,
  status: row.status,
  userType: { id: row.userTypeId, name: row.userTypeName },
  userProfile: { typeId: row.typeId, organizationId: row.organizationId, positionId: row.positionId, zoneId: row.zoneId },
  personaId: row.personaId,
  pendingKind: pendingKindOf(row),
  createdAt: row.createdAt.toISOString(),
});

const joined = (db: DbOrTx) =>
  db
    .select(columns)
    .from(users)
    .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .innerJoin(personas, eq(personas.id, users.personaId));

export interface UserListQuery {
  page: number;
  limit: number;
  sort: ListSort<UserSortField>;
  q?: string;
  status?: AdminUser['status'];
  userTypeId?: number;
  organizationId?: number;
}

export async function listUsers(db: DbOrTx, query: UserListQuery, imageUrl: (id: string) => string) {
  const pattern = query.q && containing(query.q);
  const filters: (SQL | undefined)[] = [
    pattern ? or(...USER_LIST_RULES.searchIn.map((field) => ilike(listColumn[field], pattern))) : undefined,
    query.status ? eq(users.status, query.status) : undefined,
    query.userTypeId ? eq(users.userTypeId, query.userTypeId) : undefined,
    query.organizationId ? eq(personas.organizationId, query.organizationId) : undefined,
  ];
  const where = and(...filters);
  const counted = () => db.select({ n: count() }).from(users).innerJoin(personas, eq(personas.id, users.personaId)).where(where);
  const direction = query.sort.descending ? desc : asc;
  const rows = await joined(db)
    .where(where)
    .orderBy(direction(listColumn[query.sort.field]), direction(users.id))
    .limit(query.limit)
    .offset(pageOf(query.page, query.limit).offset);
  const total = (await counted())[0]?.n ?? 0;
  return { items: rows.map((row) => toAdminUser(row, imageUrl)), pagination: paginationOf(query.page, query.limit, total) };
}

/** The user, locked until the transaction ends when `lock`, and the key of its type. */
export async function findAdminUser(db: DbOrTx, id: number, imageUrl: (id: string) => string, lock = false) {
  const query = joined(db).where(eq(users.id, id));
  const [row] = lock ? await query.for('update', { of: users }) : await query;
  return row ? { user: toAdminUser(row, imageUrl), userTypeKey: row.userTypeKey, snapshot: userSnapshot(row) } : null;
}

/**
 * Active administrators other than this user (`isActiveAdministrator`), counted under lock so
 * two demotions cannot both pass.
 */
export async function otherActiveAdministrators(tx: DbOrTx, exceptId: number) {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .where(and(eq(userTypes.key, ADMINISTRATOR_USER_TYPE), eq(users.status, 'active'), ne(users.id, exceptId)))
    .for('update', { of: users });
  return rows.length;
}

export async function userTypeOf(db: DbOrTx, userTypeId: number) {
  const [row] = await db
    .select({ id: userTypes.id, key: userTypes.key, active: userTypes.isActive })
    .from(userTypes)
    .where(eq(userTypes.id, userTypeId));
  return row ?? null;
}

export async function personaLink(tx: DbOrTx, personaId: number): Promise<PersonaLink | null> {
  const [row] = await tx
    .select({ id: personas.id, active: personas.isActive, userId: users.id })
    .from(personas)
    .leftJoin(users, eq(users.personaId, personas.id))
    .where(eq(personas.id, personaId))
    .for('update', { of: personas });
  return row ?? null;
}

export async function accountTypeIdByKey(tx: DbOrTx, key: string) {
  const [row] = await tx.select({ id: accountTypes.id }).from(accountTypes).where(eq(accountTypes.key, key));
  return row!.id;
}

/** An invited user: pending, with a password no one knows until the invitee chooses one. */
export async function insertInvitedUser(
  tx: DbOrTx,
  values: {
    email: string;
    passwordHash: string;
    userTypeId: number;
    persona: { id: number } | { fullName: string; organizationId: number | null; accountTypeId: number };
  },
) {
  const personaId =
    'id' in values.persona ? values.persona.id : (await tx.insert(personas).values(values.persona).returning({ id: personas.id }))[0]!.id;
  const [user] = await tx
    .insert(users)
    .values({
      email: values.email,
      passwordHash: values.passwordHash,
      userTypeId: values.userTypeId,
      personaId,
      status: 'pending',
      invitedAt: new Date(),
    })
    .returning({ id: users.id });
  return user!.id;
}

export async function updateUser(
  tx: DbOrTx,
  id: number,
  changes: { userTypeId?: number; personaId?: number; status?: 'active' | 'disabled' },
) {
  await tx
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id));
}
