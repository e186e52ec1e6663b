import type { AuditEntity } from '../contract/audit';
import type { ExportLanguage } from '../contract/envelope';
import { REFERENCE_SORT_FIELDS, type ReferenceListKey, type ReferenceSortField } from '../contract/reference-list-fields';
import type { Reference } from '../contract/reference-lists';
import { TYPE_OF_OFFENCE_SORT_FIELDS, type TypeOfOffenceSortField } from '../contract/type-of-offence-fields';
import type { TypeOfOffence } from '../contract/type-of-offences';
import { catalogueGuards, type CatalogueGuards } from './access';
import { ACTIVE_NAMES, CSV_BOM, csvLine, type Cell } from './exports';
import type { ListSort } from './lists';
import { allow, problems, refuse, type Decision } from './problems';

/**
 * Catalogues: lists of records that administrators keep and other records point at (the
 * reference lists, the types of offence). Both back ends list, export, create, change and
 * delete them the same way; what differs between catalogues is said here.
 */

/** What may point at a catalogue's record, as the 409 of a delete counts them. */
export const USE_KINDS = {
  personas: ['persona', 'personas'],
  users: ['user', 'users'],
  organizations: ['organisation', 'organisations'],
  contracts: ['contract', 'contracts'],
  complaints: ['complaint', 'complaints'],
} as const;
export type UseKind = keyof typeof USE_KINDS;

export interface CatalogueRules<R extends { id: number }, F extends string & keyof R> {
  /** How the audit trail names a record of it. */
  entity: AuditEntity;
  /** A record, in words: "Another {what} has this name." */
  what: string;
  /** Unique whatever their case. */
  unique: readonly (string & keyof R)[];
  /** What `q` looks in. */
  searchIn: readonly (string & keyof R)[];
  sortFields: readonly F[];
  /** The order when no `sort` is asked; ties by id the same way. */
  first: ListSort<F>;
  /** The field the `active` filter reads; `false` keeps a record out of new choices. */
  activeField: string & keyof R;
  usedBy: readonly UseKind[];
  guards: CatalogueGuards;
  csv: { fileName: string; headers: Record<ExportLanguage, readonly string[]>; cells: (row: R, lang: ExportLanguage) => Cell[] };
}

const referenceCsv = (fileName: string): CatalogueRules<Reference, ReferenceSortField>['csv'] => ({
  fileName,
  headers: { en: ['Code', 'Name', 'Description', 'Status'], ms: ['Kod', 'Nama', 'Keterangan', 'Status'] },
  cells: (r, lang) => [r.code, r.name, r.description, ACTIVE_NAMES[lang][`${r.active}`]],
});

const reference = (key: ReferenceListKey, entity: AuditEntity, what: string, usedBy: readonly UseKind[]): CatalogueRules<Reference, ReferenceSortField> => ({
  entity,
  what,
  unique: ['name', 'code'],
  searchIn: ['name', 'code', 'description'],
  sortFields: REFERENCE_SORT_FIELDS,
  first: { field: 'name', descending: false },
  activeField: 'active',
  usedBy,
  guards: catalogueGuards[key],
  csv: referenceCsv(`${key}.csv`),
});

export const REFERENCE_RULES: Record<ReferenceListKey, CatalogueRules<Reference, ReferenceSortField>> = {
  'account-types': reference('account-types', 'account-type', 'account type', ['personas']),
  'user-types': reference('user-types', 'user-type', 'user type', ['users']),
  positions: reference('positions', 'position', 'position', ['personas']),
  zones: reference('zones', 'zone', 'zone', ['organizations', 'personas', 'contracts']),
  'organization-types': reference('organization-types', 'organization-type', 'organisation type', ['organizations']),
};

export const TYPE_OF_OFFENCE_RULES: CatalogueRules<TypeOfOffence, TypeOfOffenceSortField> = {
  entity: 'type-of-offence',
  what: 'type of offence',
  unique: ['name'],
  searchIn: ['name', 'description'],
  sortFields: TYPE_OF_OFFENCE_SORT_FIELDS,
  first: { field: 'name', descending: false },
  activeField: 'isActive',
  usedBy: ['complaints', 'contracts'],
  guards: catalogueGuards['type-of-offences'],
  csv: {
    fileName: 'types-of-offence.csv',
    headers: { en: ['Name', 'Description', 'Default Rate', 'Status'], ms: ['Nama', 'Keterangan', 'Kadar Lalai', 'Status'] },
    cells: (t, lang) => [t.name, t.description, t.defaultRate.toFixed(2), ACTIVE_NAMES[lang][`${t.isActive}`]],
  },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any catalogue's rules, whatever its row
export type AnyCatalogueRules = CatalogueRules<any, any>;

/** Names are unique whatever their case. */
export const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The unique fields a write would give a value another record has (`others`: every other
 * record, or those a database found clashing): refused with each such field named.
 */
export function decideUnique(rules: AnyCatalogueRules, values: Readonly<Record<string, unknown>>, others: readonly Readonly<Record<string, unknown>>[]): Decision {
  const taken = rules.unique.filter((field) => typeof values[field] === 'string' && others.some((o) => sameText(String(o[field]), values[field] as string)));
  return taken.length > 0 ? refuse(problems.valueTaken(rules.what, taken)) : allow();
}

/** A record others point at is never deleted, only deactivated; the 409 counts what points at it. */
export function decideRemoval(rules: AnyCatalogueRules, uses: Readonly<Partial<Record<UseKind, number>>>): Decision {
  const counted = rules.usedBy.filter((kind) => (uses[kind] ?? 0) > 0).map((kind) => {
    const n = uses[kind]!;
    return `${n} ${USE_KINDS[kind][n === 1 ? 0 : 1]}`;
  });
  if (counted.length === 0) return allow();
  const words = counted.length === 1 ? counted[0]! : `${counted.slice(0, -1).join(', ')} and ${counted.at(-1)}`;
  return refuse(problems.inUse(rules.what, words));
}

/** A catalogue's CSV: header line, then one line per record. */
export const catalogueCsv = (rules: AnyCatalogueRules) => ({
  fileName: rules.csv.fileName,
  header: (lang: ExportLanguage) => CSV_BOM + csvLine(rules.csv.headers[lang]),
  line: (row: never, lang: ExportLanguage) => csvLine(rules.csv.cells(row, lang)),
});
