import type { AuditEntity } from '../contract/audit-entities';
import { CONTRACT_SORT_FIELDS, type ContractSortField } from '../contract/contract-fields';
import type { Contract } from '../contract/contracts';
import type { ExportLanguage } from '../contract/envelope';
import { contractGuards } from './access';
import type { Choice, ChoiceNames, UseKind } from './catalogues';
import { CSV_BOM, csvLine, type Cell } from './exports';
import type { ListSort } from './lists';
import { allow, invalidField, problems, refuse, type Decision } from './problems';

/**
 * Contracts (PRODUCT.md "Contracts and money"): a contractor's engagement for a period, with
 * the formula and rates its fines follow. Both back ends list and keep them by these rules.
 */
export const CONTRACT_RULES = {
  entity: 'contract' satisfies AuditEntity,
  what: 'contract',
  unique: ['contractNo'],
  searchIn: ['contractNo', 'title'],
  sortFields: CONTRACT_SORT_FIELDS,
  first: { field: 'contractNo', descending: false } satisfies ListSort<ContractSortField>,
  usedBy: ['complaints', 'claimRecords'] satisfies UseKind[],
  /** A contract has no active flag: its end date ends it. */
  advice: 'it stays for their records',
  choices: {
    organizationId: { catalogue: 'organizations', what: 'organisation' },
    zoneId: { catalogue: 'zones', what: 'zone' },
    formulaId: { catalogue: 'formulas', what: 'formula' },
  } satisfies Record<string, Choice>,
  guards: contractGuards,
} as const;

/** What a write gives a contract, over what it had: the period in order, each offence type rated once. */
export function decideContractValues(
  values: Readonly<Partial<Pick<Contract, 'startDate' | 'endDate' | 'rates'>>>,
  current: Readonly<Pick<Contract, 'startDate' | 'endDate'>> | null,
  offenceTypeExists: (id: number) => boolean,
): Decision {
  const start = values.startDate ?? current?.startDate;
  const end = values.endDate ?? current?.endDate;
  if (start && end && end < start) return refuse(problems.contractDates());
  if (values.rates) {
    const ids = values.rates.map((r) => r.typeOfOffenceId);
    if (new Set(ids).size !== ids.length) return refuse(invalidField('rates', 'Give each type of offence one rate.'));
    if (!ids.every(offenceTypeExists)) return refuse(invalidField('rates', 'Rate only types of offence that exist.'));
  }
  return allow();
}

/** Whether a contract runs on a calendar day (`YYYY-MM-DD`), both ends included. */
export const runsOn = (contract: Readonly<Pick<Contract, 'startDate' | 'endDate'>>, day: string) =>
  contract.startDate <= day && day <= contract.endDate;

/** The authority works in Malaysian time, UTC+8 all year: the calendar day of a moment there. */
export function authorityDay(iso: string): string {
  return new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** What a complaint's rules need of its contract. */
export type ContractPeriod = Readonly<Pick<Contract, 'organizationId' | 'contractNo' | 'startDate' | 'endDate'>>;

/** A complaint's contract must be its contractor's and running on the day of the misconduct. */
export function decideComplaintContract(contract: ContractPeriod | null, organizationId: number, dateOfMisconduct: string): Decision {
  if (!contract || contract.organizationId !== organizationId) return refuse(problems.contractNotOfContractor());
  if (!runsOn(contract, authorityDay(dateOfMisconduct)))
    return refuse(problems.contractNotRunning(contract.contractNo, contract.startDate, contract.endDate));
  return allow();
}

/** The rate a contract charges for an offence type: its own, else the type's default. */
export function rateFor(contract: { rates: readonly Contract['rates'][number][] }, typeOfOffenceId: number, defaultRate: string): string {
  return contract.rates.find((r) => r.typeOfOffenceId === typeOfOffenceId)?.rate ?? defaultRate;
}

/** The list's own filters: contractor, zone, and the day it must be running on. */
export interface ContractFilters {
  organizationId?: number;
  zoneId?: number;
  activeOn?: string;
}

export const matchesContractFilters = (c: Readonly<Contract>, f: ContractFilters) =>
  (f.organizationId === undefined || c.organizationId === f.organizationId) &&
  (f.zoneId === undefined || c.zoneId === f.zoneId) &&
  (f.activeOn === undefined || runsOn(c, f.activeOn));

const HEADERS: Record<ExportLanguage, readonly string[]> = {
  en: ['Contract No', 'Title', 'Contractor', 'Zone', 'Start Date', 'End Date', 'Value', 'Formula', 'Justification Days'],
  ms: ['No. Kontrak', 'Tajuk', 'Kontraktor', 'Zon', 'Tarikh Mula', 'Tarikh Tamat', 'Nilai', 'Formula', 'Hari Justifikasi'],
};

export const CONTRACTS_CSV_FILE_NAME = 'contracts.csv';

/** The contracts' CSV: header line, then a line per contract, chosen records by name. */
export const contractCsv = (names: ChoiceNames) => ({
  fileName: CONTRACTS_CSV_FILE_NAME,
  header: (lang: ExportLanguage) => CSV_BOM + csvLine(HEADERS[lang]),
  line: (c: Contract) =>
    csvLine([
      c.contractNo,
      c.title,
      names('organizationId', c.organizationId),
      names('zoneId', c.zoneId),
      c.startDate,
      c.endDate,
      c.value,
      names('formulaId', c.formulaId),
      c.justificationDays,
    ] satisfies Cell[]),
});
