import { sql } from 'drizzle-orm';
import { ARCHIVE_FIRST_ID } from '../../fixtures/archive-complaints';
import type { Db } from '../db/client';

/**
 * Fresh statistics (and, with `vacuum`, the visibility map) for the complaints, as autovacuum
 * would make them a while after a bulk insert: the test hooks' many complaints are planned and
 * estimated as a long-running database's would be.
 */
export async function refreshComplaintStatistics(db: Db, { vacuum = false } = {}) {
  await db.execute(
    vacuum
      ? sql`vacuum (analyze) complaints, complaint_status_history, complaint_counts, decision_hours`
      : sql`analyze complaints, complaint_counts, decision_hours`,
  );
}

/**
 * Benchmarks only (npm run bench:lists): `count` more complaints made in SQL from the archive
 * complaints (added first), each a copy of one with its own reference and history, their
 * misconduct spread evenly over the `years` before 2026. A million take a few minutes, where the
 * archive hook would take an hour.
 */
export async function copyArchiveComplaints(db: Db, { count, years }: { count: number; years: number }) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      create temp table complaint_copies on commit drop as
      select nextval(pg_get_serial_sequence('complaints', 'id')) as id, g, s.id as source_id,
        timestamptz '2026-01-01 00:00+08' - make_interval(secs => g * (${years} * 365.25 * 86400 / ${count})) as at
      from generate_series(1, ${count}::int) g
      join (select id, row_number() over (order by id) - 1 as k from complaints where id >= ${ARCHIVE_FIRST_ID}) s
        on s.k = g % (select count(*) from complaints where id >= ${ARCHIVE_FIRST_ID})`);
    await tx.execute(sql`
      insert into complaints (id, ref_no, type_of_offence_id, contract_id, organization_id, created_by_id, date_of_misconduct,
        description, offender, location, qty, justification, status, remark, created_at, updated_at, decided_at)
      select cp.id, 'CPY-' || lpad(cp.g::text, 8, '0'), c.type_of_offence_id, c.contract_id, c.organization_id, c.created_by_id,
        cp.at, c.description, c.offender, c.location, c.qty, c.justification, c.status, c.remark,
        c.created_at + (cp.at - c.date_of_misconduct), c.updated_at + (cp.at - c.date_of_misconduct), c.decided_at + (cp.at - c.date_of_misconduct)
      from complaint_copies cp join complaints c on c.id = cp.source_id`);
    await tx.execute(sql`
      insert into complaint_status_history (complaint_id, from_status, to_status, changed_by_id, changed_at, text)
      select cp.id, h.from_status, h.to_status, h.changed_by_id, h.changed_at + (cp.at - c.date_of_misconduct), h.text
      from complaint_copies cp join complaints c on c.id = cp.source_id join complaint_status_history h on h.complaint_id = c.id`);
  });
  await refreshComplaintStatistics(db, { vacuum: true });
}
