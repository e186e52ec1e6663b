import type { Dashboard } from '@contract';
import { chartWindow, monthDays, periodMonths, type Period } from './period';

// Where each figure leads: the list it counts, filtered by that list's own URL search params.

export const HISTORY_URL = '/manage-complaint/history-complaint';
export const CLAIMS_URL = '/manage-complaint/claim-record';

type StatusName = 'submitted' | 'justified' | 'fined' | 'waived';

export interface ComplaintsLink {
  to: typeof HISTORY_URL;
  search: { status?: string; offence?: number; contractor?: number; from?: string; to?: string; overdue?: boolean; findings?: boolean };
}
export interface ClaimsLink {
  to: typeof CLAIMS_URL;
  search: { status: 'issued' | 'paid'; from: string; to: string };
}
export type FigureLink = ComplaintsLink | ClaimsLink;

const complaints = (search: ComplaintsLink['search']): ComplaintsLink => ({ to: HISTORY_URL, search });

export type CardKey = keyof Dashboard['cards'];

/** Each card's list: the open ones now, or the period's decided ones, or its months' invoices. */
export function cardLink(card: CardKey, period: Period): FigureLink {
  const months = periodMonths(period);
  switch (card) {
    case 'open':
      return complaints({ status: 'submitted,justified' });
    case 'awaitingJustification':
      return complaints({ status: 'submitted', overdue: false });
    case 'overdue':
      return complaints({ status: 'submitted', overdue: true });
    case 'decided':
    case 'medianHoursToDecision':
      return complaints({ status: 'fined,waived', ...period });
    case 'fined':
      return complaints({ status: 'fined', ...period });
    case 'waived':
      return complaints({ status: 'waived', ...period });
    case 'withFindings':
      return complaints({ findings: true, ...period });
    case 'finesIssued':
      return { to: CLAIMS_URL, search: { status: 'issued', ...months } };
    case 'finesPaid':
      return { to: CLAIMS_URL, search: { status: 'paid', ...months } };
  }
}

/** A month's bar of one status: the month, up to the period's end for the period's own last month. */
export function monthLink(month: string, status: StatusName, period: Period) {
  const days = monthDays(month);
  return complaints({ status, from: days.from, to: days.to > period.to ? period.to : days.to });
}

/** A contractor's fines of the period. */
export const contractorLink = (organizationId: number, period: Period) =>
  complaints({ status: 'fined', contractor: organizationId, ...period });

/** The period's complaints of one type of offence. */
export const offenceLink = (typeOfOffenceId: number, period: Period) => complaints({ offence: typeOfOffenceId, ...period });

/** A contractor's fines for one offence over the charts' months. */
export const repeatLink = (organizationId: number, typeOfOffenceId: number, period: Period) =>
  complaints({ status: 'fined', contractor: organizationId, offence: typeOfOffenceId, ...chartWindow(period) });
