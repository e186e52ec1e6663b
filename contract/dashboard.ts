import { z } from 'zod';
import { itemEnvelope } from './envelope';

/**
 * `GET /api/v1/dashboard?from=&to=&tz=`: the figures of a period, by the day of misconduct as
 * the lists filter it (`from` included, `to` not, instants with their offset), counted from
 * what the caller may see. `tz` is the calendar the months are counted in (the SPA's own).
 */
export const dashboardQuerySchema = z.object({
  from: z.iso.datetime({ offset: true, message: 'A date and time with its offset, e.g. 2026-11-01T00:00:00+08:00' }),
  to: z.iso.datetime({ offset: true, message: 'A date and time with its offset, e.g. 2026-12-01T00:00:00+08:00' }),
  tz: z.string().max(64).default('UTC'),
});
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;

/** Months a dashboard's charts look back over, the period's last month included. */
export const DASHBOARD_MONTHS = 12;
/** Rows of the offence types and repeat offenders charts. */
export const DASHBOARD_TOP = 10;
/** A contractor fined this often for one type of offence within the charts' months is a repeat offender. */
export const REPEAT_OFFENDER_MIN_FINES = 2;

const ref = z.object({ id: z.number().int(), name: z.string() });
const money = z.string().regex(/^\d+\.\d{2}$/);

export const dashboardSchema = z.object({
  cards: z.object({
    /** Now: submitted or justified. */
    open: z.number().int(),
    /** Now: submitted, not yet justified. */
    awaitingJustification: z.number().int(),
    /** Now: submitted, and the time to justify has ended. */
    overdue: z.number().int(),
    /** Of the period's misconduct: fined or waived. */
    decided: z.number().int(),
    fined: z.number().int(),
    waived: z.number().int(),
    /** Of the period's misconduct: complaints whose photos gave a finding the caller would see (issue 35). */
    withFindings: z.number().int(),
    /**
     * Claim records of the period's months: issued and not yet paid, and paid (amounts); null
     * for a caller who may read no claim records.
     */
    finesIssued: money.nullable(),
    finesPaid: money.nullable(),
    /**
     * Of the period's decided complaints: the median of their hours from registration to decision,
     * each to the whole hour (so a half when the two middle ones differ); null when none.
     */
    medianHoursToDecision: z.number().nullable(),
  }),
  /** Each of the last months, oldest first: its misconduct by today's status. */
  perMonth: z.array(
    z.object({
      month: z.string(),
      submitted: z.number().int(),
      justified: z.number().int(),
      fined: z.number().int(),
      waived: z.number().int(),
    }),
  ),
  /** The period's fined complaints by contractor, most first. */
  byContractor: z.array(z.object({ organization: ref, count: z.number().int() })),
  /** The period's complaints by type of offence, most first. */
  byOffenceType: z.array(z.object({ typeOfOffence: ref, count: z.number().int() })),
  /** Fined complaints of the last months by contractor and offence, twice or more, most first. */
  repeatOffenders: z.array(z.object({ organization: ref, typeOfOffence: ref, count: z.number().int() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const dashboardResponseSchema = itemEnvelope(dashboardSchema);
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
