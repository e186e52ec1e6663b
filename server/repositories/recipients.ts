import { and, asc, eq } from 'drizzle-orm';
import type { InvoiceParty } from '../../contract/claim-records';
import { CONTRACTOR_ACCOUNT_TYPE } from '../../domain/visibility';
import type { DbOrTx } from '../db/client';
import { accountTypes, organizations, personas, users } from '../db/schema';

/** Active users of a contractor organisation: whom its notices go to. */
export async function contractorUserIds(tx: DbOrTx, organizationId: number) {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(personas, eq(personas.id, users.personaId))
    .innerJoin(accountTypes, eq(accountTypes.id, personas.accountTypeId))
    .where(and(eq(personas.organizationId, organizationId), eq(accountTypes.key, CONTRACTOR_ACCOUNT_TYPE), eq(users.status, 'active')))
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

/** An organisation's columns as an invoice names it. */
const partyColumns = {
  name: organizations.name,
  registrationNo: organizations.registrationNo,
  address: organizations.address,
  email: organizations.contactEmail,
  phone: organizations.contactPhone,
};

/** The organisation a user acts for (through its persona), as an invoice names it; null if none. */
export async function organizationPartyOf(tx: DbOrTx, userId: number): Promise<InvoiceParty | null> {
  const [row] = await tx
    .select(partyColumns)
    .from(users)
    .innerJoin(personas, eq(personas.id, users.personaId))
    .innerJoin(organizations, eq(organizations.id, personas.organizationId))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** An organisation as an invoice names it; null if none. */
export async function partyOfOrganization(tx: DbOrTx, organizationId: number): Promise<InvoiceParty | null> {
  const [row] = await tx.select(partyColumns).from(organizations).where(eq(organizations.id, organizationId));
  return row ?? null;
}
