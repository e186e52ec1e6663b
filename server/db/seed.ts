import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { count, eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as fixtures from '../../fixtures';
import { DEFAULT_EVIDENCE_RULES, dhashBands } from '../../domain/evidence';
import { startAuditChain } from '../repositories/chains';
import { coordinateColumns } from '../repositories/complaints';
import { refreshEvidenceFlags } from '../repositories/evidence';
import { allStorageNames } from '../repositories/files';
import { actionFlags } from '../repositories/privileges';
import type { FileStore } from '../services/file-store';
import { hashPassword } from '../services/passwords';
import { sha256 } from '../services/tokens';
import type { Db, Tx } from './client';
import * as t from './schema';

const keyOf = (url: string) => url.replace(/^\//, '');

/** Test servers: every table emptied, then the demo data again; the uploads it drops leave the disk too. */
export async function resetToDemoData(db: Db, dirs: { imagesDir: string; store: FileStore }) {
  const stored = await allStorageNames(db);
  const names = Object.values(t).flatMap((table) => (is(table, PgTable) ? [`"${getTableName(table)}"`] : []));
  await db.execute(sql.raw(`TRUNCATE ${names.join(', ')} RESTART IDENTITY CASCADE`));
  await startAuditChain(db);
  await seedDemoData(db, dirs);
  // The demo images come back under the same names: those stay.
  const kept = new Set(await allStorageNames(db));
  await dirs.store.remove(stored.filter((name) => !kept.has(name)));
}

/** What every install needs: account types, user types, the menu and the privilege matrix. */
async function seedReferenceData(tx: Tx) {
  const [existing] = await tx.select({ n: count() }).from(t.userTypes);
  if ((existing?.n ?? 0) > 0) {
    // A database seeded by an older release gains the menu items added since (its
    // administrators may open them); reference rows are the administrators' own by now.
    await seedMenus(tx);
    return;
  }
  await tx.insert(t.accountTypes).values(fixtures.accountTypes.map(referenceRow));
  await tx.insert(t.userTypes).values(fixtures.userTypes.map(referenceRow));
  await seedMenus(tx);
  await advanceSequences(tx);
}

/** A reference row of the fixtures (API shape) as its table keeps it. */
const referenceRow = <R extends fixtures.Reference>({ active, ...row }: R) => ({ ...row, isActive: active });

/** A server on DATABASE_URL: the reference data, and the first administrator if asked for. */
export async function prepareDatabase(db: Db, admin?: { email: string; password: string }) {
  await db.transaction((tx) => seedReferenceData(tx));
  if (!admin) return;
  const [found] = await db.select({ id: t.users.id }).from(t.users).where(sql`lower(${t.users.email}) = ${admin.email.toLowerCase()}`);
  if (found) return;
  const passwordHash = await hashPassword(admin.password);
  await db.transaction(async (tx) => {
    const [persona] = await tx
      .insert(t.personas)
      .values({ fullName: 'Administrator', accountTypeId: fixtures.ACCOUNT_TYPE_ID.administrator })
      .returning({ id: t.personas.id });
    await tx.insert(t.users).values({
      email: admin.email,
      passwordHash,
      userTypeId: fixtures.userTypeByKey.administrator.id,
      personaId: persona!.id,
      status: 'active',
    });
  });
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(t.users);
  return (row?.n ?? 0) === 0;
}

/** Copies each fixture image once into the file store and records it. */
async function seedFiles(tx: Tx, imagesDir: string, store: FileStore, paths: string[]) {
  const ids = new Map<string, string>();
  for (const path of new Set(paths)) {
    const source = join(imagesDir, path.split('/').pop()!);
    const bytes = await readFile(source);
    const [row] = await tx
      .insert(t.files)
      .values({
        id: fixtures.fixtureFileId(path),
        storageName: `seed-${sha256(path).slice(0, 24)}.png`,
        contentType: 'image/png',
        sizeBytes: bytes.length,
        sha256: sha256(bytes),
      })
      .returning({ id: t.files.id, storageName: t.files.storageName });
    await store.saveOriginal(row!.storageName, bytes, 'image/png');
    ids.set(path, row!.id);
  }
  return ids;
}

/**
 * The fixture photos that say something about themselves (fixtures/evidence.ts): each its own
 * file row with what it declares, keyed by its id in the map `seedFiles` gave.
 */
async function seedEvidenceFiles(tx: Tx, imagesDir: string, store: FileStore, ids: Map<string, string>) {
  for (const file of fixtures.evidenceFiles) {
    const bytes = await readFile(join(imagesDir, file.picture.split('/').pop()!));
    if (sha256(bytes) !== file.sha256) throw new Error(`${file.picture} is not the picture fixtures/evidence.ts hashed`);
    const storageName = `seed-${file.fileId}.png`;
    await tx.insert(t.files).values({
      id: file.fileId,
      storageName,
      contentType: 'image/png',
      sizeBytes: bytes.length,
      sha256: file.sha256,
      metadata: file.metadata,
      dhash: file.dhash,
      dhashBands: dhashBands(file.dhash),
    });
    await store.saveOriginal(storageName, bytes, 'image/png');
    ids.set(file.fileId, file.fileId);
  }
}

/**
 * The menu of the fixtures and the seeded roles' grants on it. Idempotent: on a database of an
 * older release it adds only the items that release lacked, with the seeded roles' grants on them.
 */
async function seedMenus(tx: Tx) {
  const added = new Map<string, number>();
  for (const [g, group] of fixtures.menuLayout.entries()) {
    const [found] = await tx.select({ id: t.menuGroups.id }).from(t.menuGroups).where(eq(t.menuGroups.name, group.name));
    const groupId =
      found?.id ??
      (
        await tx
          .insert(t.menuGroups)
          .values({ id: fixtures.MENU_GROUP_IDS[group.name], name: group.name, icon: group.icon, sortOrder: g })
          .returning({ id: t.menuGroups.id })
      )[0]!.id;
    for (const [i, item] of group.menuItems.entries()) {
      const [it] = await tx
        .insert(t.menuItems)
        .values({
          id: fixtures.MENU_ITEM_IDS[keyOf(item.url)],
          groupId,
          key: keyOf(item.url),
          name: item.name,
          url: item.url,
          sortOrder: i,
        })
        .onConflictDoNothing()
        .returning({ id: t.menuItems.id });
      if (it) added.set(item.url, it.id);
    }
  }
  for (const { key } of fixtures.userTypes) {
    if (!key) continue;
    const [userType] = await tx.select({ id: t.userTypes.id }).from(t.userTypes).where(eq(t.userTypes.key, key));
    const grants = fixtures.grantsByUserType[key];
    const rows = Object.entries(grants)
      .filter(([itemKey]) => added.has(`/${itemKey}`))
      .map(([itemKey, actions]) => ({ userTypeId: userType!.id, menuItemId: added.get(`/${itemKey}`)!, ...actionFlags(actions) }));
    if (rows.length) await tx.insert(t.privileges).values(rows);
  }
}

/** The fixture claim records with their lines, and the invoice numbers they took. */
async function insertClaimRecords(tx: Tx) {
  for (const r of fixtures.claimRecords) {
    await tx.insert(t.claimRecords).values({
      id: r.id,
      contractId: r.contract.id,
      period: `${r.month}-01`,
      status: r.status,
      total: r.total,
      invoiceNo: r.invoiceNo,
      issuedOn: r.issuedOn,
      dueOn: r.dueOn,
      paidOn: r.paidOn,
      paymentReference: r.paymentReference,
      parties: r.parties,
      createdAt: new Date(r.createdAt),
    });
    await tx.insert(t.claimRecordItems).values(
      r.lines.map((l, position) => ({
        claimRecordId: r.id,
        complaintId: l.complaintId,
        position,
        refNo: l.refNo,
        typeOfOffenceId: l.typeOfOffence.id,
        typeOfOffenceName: l.typeOfOffence.name,
        dateOfMisconduct: new Date(l.dateOfMisconduct),
        qty: l.qty,
        rate: l.rate,
        expression: l.expression,
        repeatCount: l.repeatCount,
        amount: l.amount,
      })),
    );
  }
  await tx
    .insert(t.invoiceCounters)
    .values(Object.entries(fixtures.INVOICE_COUNTERS).map(([year, last]) => ({ year: Number(year), last })));
}

/** Moves every identity past the ids the fixtures used, so new rows never collide. */
async function advanceSequences(tx: Tx) {
  for (const table of [
    'account_types',
    'user_types',
    'positions',
    'zones',
    'organization_types',
    'organizations',
    'personas',
    'users',
    'menu_groups',
    'menu_items',
    'type_of_offences',
    'formulas',
    'contracts',
    'claim_records',
    'complaints',
    'complaint_attachments',
    'complaint_status_history',
    'notifications',
  ]) {
    await tx.execute(
      sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), COALESCE((SELECT max(id) FROM ${table}), 0) + 1, false)`),
    );
  }
}

/**
 * Complaints of the fixture set, with their images (named by fixture path, stored as `fileIds`
 * gives) and status history, keeping their ids, a thousand at a time (PostgreSQL takes at
 * most 65535 values a statement). The sequences are not moved.
 */
export async function insertComplaints(
  tx: Tx,
  all: readonly fixtures.FixtureComplaint[],
  fileIds: ReadonlyMap<string, string> = new Map(),
) {
  for (let start = 0; start < all.length; start += 1000) await insertSome(tx, all.slice(start, start + 1000), fileIds);
}

async function insertSome(tx: Tx, complaints: readonly fixtures.FixtureComplaint[], fileIds: ReadonlyMap<string, string>) {
  await tx.insert(t.complaints).values(
    complaints.map((c) => ({
      id: c.id,
      refNo: c.refNo,
      typeOfOffenceId: c.typeOfOffence.id,
      organizationId: c.organizationId,
      contractId: c.contract?.id ?? null,
      createdById: c.createdById,
      dateOfMisconduct: new Date(c.dateOfMisconduct),
      description: c.description,
      offender: c.offender,
      location: c.location,
      qty: c.qty,
      justification: c.justification,
      status: c.status,
      remark: c.remark,
      createdAt: new Date(c.createdAt),
      updatedAt: new Date(c.createdAt),
      ...coordinateColumns(c.coordinates),
      madeOfflineAt: c.madeOffline && new Date(c.madeOffline.at),
      madeOfflineDevice: c.madeOffline?.device ?? null,
    })),
  );
  const attachments = complaints.flatMap((c) => [
    ...c.complaintAttachments.map((a, i) => ({
      id: a.id,
      complaintId: c.id,
      kind: 'complaint' as const,
      fileId: (fileIds.get(a.fileId) ?? fileIds.get(a.file))!,
      sortOrder: i,
    })),
    ...c.justificationAttachments.map((a, i) => ({
      id: a.id,
      complaintId: c.id,
      kind: 'justification' as const,
      fileId: (fileIds.get(a.fileId) ?? fileIds.get(a.file))!,
      sortOrder: i,
    })),
  ]);
  if (attachments.length) await tx.insert(t.complaintAttachments).values(attachments);
  await tx.insert(t.complaintStatusHistory).values(
    complaints.flatMap((c) =>
      c.statusHistory.map((h) => ({
        id: h.id,
        complaintId: c.id,
        fromStatus: h.fromStatus,
        toStatus: h.toStatus,
        changedById: h.changedBy.id,
        changedAt: new Date(h.changedAt),
        text: h.text,
      })),
    ),
  );
}

/** The fixture data set of `fixtures/`, the same the MSW mocks serve, in one transaction. */
export async function seedDemoData(db: Db, { imagesDir, store }: { imagesDir: string; store: FileStore }) {
  const passwordHash = await hashPassword(fixtures.DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const imagePaths = [
      ...fixtures.complaints.flatMap((c) => [...c.complaintAttachments, ...c.justificationAttachments].map((a) => a.file)),
      ...fixtures.accounts.flatMap((a) => (a.image ? [a.image] : [])),
    ];
    const fileIds = await seedFiles(tx, imagesDir, store, imagePaths);
    await seedEvidenceFiles(tx, imagesDir, store, fileIds);

    await seedReferenceData(tx);
    await tx.insert(t.positions).values(fixtures.positions.map(referenceRow));
    await tx.insert(t.zones).values(fixtures.zones.map(referenceRow));
    await tx.insert(t.organizationTypes).values(fixtures.organizationTypes.map(referenceRow));
    await tx.insert(t.organizations).values(
      fixtures.organizations.map(({ email, phone, active, ...o }) => ({
        ...o,
        contactEmail: email,
        contactPhone: phone,
        isActive: active,
      })),
    );
    await tx.insert(t.personas).values(fixtures.personas.map(({ active, ...p }) => ({ ...p, isActive: active })));
    for (const a of fixtures.accounts) {
      await tx.insert(t.users).values({
        id: a.id,
        email: a.email,
        passwordHash,
        userTypeId: a.userType.id,
        personaId: a.id,
        status: a.status,
        imageFileId: a.image ? fileIds.get(a.image) : null,
        createdAt: new Date(fixtures.ACCOUNTS_CREATED_AT),
      });
    }
    await tx.insert(t.typeOfOffences).values([...fixtures.typeOfOffences]);
    await tx.insert(t.formulas).values(fixtures.formulas.map(({ active, ...f }) => ({ ...f, isActive: active })));
    await tx.insert(t.contracts).values(fixtures.contracts.map(({ rates: _rates, ...c }) => c));
    await tx.insert(t.contractRates).values(fixtures.contracts.flatMap((c) => c.rates.map((r) => ({ contractId: c.id, ...r }))));
    await insertComplaints(tx, fixtures.complaints, fileIds);
    // The fixture photos that say something (fixtures/evidence.ts) give their complaints their finding flags.
    await refreshEvidenceFlags(
      tx,
      fixtures.complaints.filter((c) => c.complaintAttachments.length + c.justificationAttachments.length > 0).map((c) => c.id),
      DEFAULT_EVIDENCE_RULES,
    );
    await insertClaimRecords(tx);
    await tx.insert(t.notifications).values(
      fixtures.notifications.map((n) => ({
        id: n.id,
        recipientId: n.recipientId,
        title: n.title,
        description: n.description,
        isRead: n.isRead,
        complaintId: n.complaintId ?? null,
        withdrawnComplaintRefNo: n.withdrawnComplaintRefNo,
        createdAt: new Date(n.createdAt),
      })),
    );
    await advanceSequences(tx);
  });
}
