import type { AuditEntity } from '../contract/audit-entities';
import {
  ORGANIZATION_SORT_FIELDS,
  PERSONA_SORT_FIELDS,
  type OrganizationSortField,
  type PersonaSortField,
} from '../contract/organization-fields';
import type { Organization } from '../contract/organizations';
import type { Persona } from '../contract/personas';
import type { ExportLanguage } from '../contract/envelope';
import { REFERENCE_SORT_FIELDS, type ReferenceListKey, type ReferenceSortField } from '../contract/reference-list-fields';
import type { Reference } from '../contract/reference-lists';
import { FORMULA_SORT_FIELDS, type FormulaSortField } from '../contract/formula-fields';
import type { Formula } from '../contract/formulas';
import { TYPE_OF_OFFENCE_SORT_FIELDS, type TypeOfOffenceSortField } from '../contract/type-of-offence-fields';
import type { TypeOfOffence } from '../contract/type-of-offences';
import { catalogueGuards, type CatalogueGuards } from './access';
import { ACTIVE_NAMES, CSV_BOM, csvLine, type Cell } from './exports';
import { checkFormula, formulaAmount, type FormulaValues } from './formula';
import type { ListSort } from './lists';
import { allow, problems, refuse, type Decision, type NotFoundWhat } from './problems';

/**
 * Catalogues: lists of records that administrators keep and other records point at (the
 * reference lists, the types of offence). Both back ends list, export, create, change and
 * delete them the same way; what differs between catalogues is said here.
 */

/** What may point at a catalogue's record, as the 409 of a delete counts them. */
export const USE_KINDS = {
  personas: ['persona', 'personas'],
  claimRecords: ['claim record', 'claim records'],
  users: ['user', 'users'],
  organizations: ['organisation', 'organisations'],
  contracts: ['contract', 'contracts'],
  complaints: ['complaint', 'complaints'],
} as const;
export type UseKind = keyof typeof USE_KINDS;

/** Every catalogue, by its path under `/api/v1`. */
export type CatalogueKey = ReferenceListKey | 'type-of-offences' | 'organizations' | 'personas' | 'formulas';

/** A field that holds the id of another catalogue's record, chosen from its active ones. */
export interface Choice {
  catalogue: CatalogueKey;
  /** The record, in words: "Select an active {what}." */
  what: string;
}

/** Names of chosen records by field and id, for exports that show names rather than ids. */
export type ChoiceNames = (field: string, id: number | null) => string | null;

export interface CatalogueRules<R extends { id: number }, F extends string & keyof R> {
  /** How the audit trail names a record of it. */
  entity: AuditEntity;
  /** A record, in words: "Another {what} has this name." */
  what: Uncapitalize<NotFoundWhat>;
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
  /** Fields a list takes as exact filters (`?zoneId=2`). */
  filters?: readonly (string & keyof R)[];
  /** Fields that hold another catalogue's record: a write must choose an active one. */
  choices?: Readonly<Partial<Record<string & keyof R, Choice>>>;
  guards: CatalogueGuards;
  /** A catalogue's own rule for the values of a write (a formula's expression must check). */
  check?: (values: Readonly<Partial<R>>) => Decision;
  csv: {
    fileName: string;
    headers: Record<ExportLanguage, readonly string[]>;
    cells: (row: R, lang: ExportLanguage, names: ChoiceNames) => Cell[];
  };
}

const referenceCsv = (fileName: string): CatalogueRules<Reference, ReferenceSortField>['csv'] => ({
  fileName,
  headers: { en: ['Code', 'Name', 'Description', 'Status'], ms: ['Kod', 'Nama', 'Keterangan', 'Status'] },
  cells: (r, lang) => [r.code, r.name, r.description, ACTIVE_NAMES[lang][`${r.active}`]],
});

const reference = (
  key: ReferenceListKey,
  entity: AuditEntity,
  what: Uncapitalize<NotFoundWhat>,
  usedBy: readonly UseKind[],
): CatalogueRules<Reference, ReferenceSortField> => ({
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

export const ORGANIZATION_RULES: CatalogueRules<Organization, OrganizationSortField> = {
  entity: 'organization',
  what: 'organisation',
  unique: ['name', 'registrationNo'],
  searchIn: ['name', 'registrationNo', 'email', 'address'],
  sortFields: ORGANIZATION_SORT_FIELDS,
  first: { field: 'name', descending: false },
  activeField: 'active',
  usedBy: ['personas', 'complaints', 'contracts'],
  filters: ['organizationTypeId', 'zoneId'],
  choices: {
    organizationTypeId: { catalogue: 'organization-types', what: 'organisation type' },
    zoneId: { catalogue: 'zones', what: 'zone' },
  },
  guards: catalogueGuards.organizations,
  csv: {
    fileName: 'organizations.csv',
    headers: {
      en: ['Name', 'Registration No', 'Organisation Type', 'Zone', 'Address', 'E-mail', 'Phone', 'Status'],
      ms: ['Nama', 'No. Pendaftaran', 'Jenis Organisasi', 'Zon', 'Alamat', 'E-mel', 'Telefon', 'Status'],
    },
    cells: (o, lang, names) => [
      o.name,
      o.registrationNo,
      names('organizationTypeId', o.organizationTypeId),
      names('zoneId', o.zoneId),
      o.address,
      o.email,
      o.phone,
      ACTIVE_NAMES[lang][`${o.active}`],
    ],
  },
};

export const PERSONA_RULES: CatalogueRules<Persona, PersonaSortField> = {
  entity: 'persona',
  what: 'persona',
  unique: ['staffNo'],
  searchIn: ['fullName', 'staffNo', 'phone'],
  sortFields: PERSONA_SORT_FIELDS,
  first: { field: 'fullName', descending: false },
  activeField: 'active',
  usedBy: ['users'],
  filters: ['organizationId', 'accountTypeId', 'positionId', 'zoneId'],
  choices: {
    accountTypeId: { catalogue: 'account-types', what: 'type' },
    positionId: { catalogue: 'positions', what: 'position' },
    zoneId: { catalogue: 'zones', what: 'zone' },
    organizationId: { catalogue: 'organizations', what: 'organisation' },
  },
  guards: catalogueGuards.personas,
  csv: {
    fileName: 'personas.csv',
    headers: {
      en: ['Full Name', 'Staff No', 'Phone', 'Type', 'Position', 'Zone', 'Organisation', 'Status'],
      ms: ['Nama Penuh', 'No. Staf', 'Telefon', 'Jenis', 'Jawatan', 'Zon', 'Organisasi', 'Status'],
    },
    cells: (p, lang, names) => [
      p.fullName,
      p.staffNo,
      p.phone,
      names('accountTypeId', p.accountTypeId),
      names('positionId', p.positionId),
      names('zoneId', p.zoneId),
      names('organizationId', p.organizationId),
      ACTIVE_NAMES[lang][`${p.active}`],
    ],
  },
};

export const FORMULA_RULES: CatalogueRules<Formula, FormulaSortField> = {
  entity: 'formula',
  what: 'formula',
  unique: ['name'],
  searchIn: ['name', 'description', 'expression'],
  sortFields: FORMULA_SORT_FIELDS,
  first: { field: 'name', descending: false },
  activeField: 'active',
  usedBy: ['contracts'],
  guards: catalogueGuards.formulas,
  check: ({ expression }) => {
    if (expression === undefined) return allow();
    const checked = checkFormula(expression);
    return checked.ok ? allow() : refuse(problems.formulaInvalid(checked.error.message, checked.error.position));
  },
  csv: {
    fileName: 'formulas.csv',
    headers: { en: ['Name', 'Description', 'Expression', 'Status'], ms: ['Nama', 'Keterangan', 'Ungkapan', 'Status'] },
    cells: (f, lang) => [f.name, f.description, f.expression, ACTIVE_NAMES[lang][`${f.active}`]],
  },
};

/** `POST /formulas/evaluate`: what an expression gives for these values; a refusal says where. */
export function previewFormula(expression: string, values: FormulaValues): string {
  const checked = checkFormula(expression, values);
  if (!checked.ok) throw problems.formulaInvalid(checked.error.message, checked.error.position);
  const amount = formulaAmount(checked.value, values);
  if (!amount.ok) throw problems.formulaInvalid(amount.error.message, amount.error.position);
  return amount.value;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any catalogue's rules, whatever its row
export type AnyCatalogueRules = CatalogueRules<any, any>;

/** The 404 of a record of this catalogue: "Organisation not found." */
export const catalogueNotFound = (rules: Pick<AnyCatalogueRules, 'what'>) =>
  problems.notFound((rules.what[0]!.toUpperCase() + rules.what.slice(1)) as NotFoundWhat);

/** Names are unique whatever their case. */
export const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The unique fields a write would give a value another record has (`others`: every other
 * record, or those a database found clashing): refused with each such field named.
 */
export function decideUnique(
  rules: Pick<AnyCatalogueRules, 'unique' | 'what'>,
  values: Readonly<Record<string, unknown>>,
  others: readonly Readonly<Record<string, unknown>>[],
): Decision {
  const taken = rules.unique.filter(
    (field) => typeof values[field] === 'string' && others.some((o) => sameText(String(o[field]), values[field] as string)),
  );
  return taken.length > 0 ? refuse(problems.valueTaken(rules.what, taken)) : allow();
}

/** A record others point at is never deleted, only deactivated; the 409 counts what points at it. */
export function decideRemoval(
  rules: Pick<AnyCatalogueRules, 'usedBy' | 'what'> & { advice?: string },
  uses: Readonly<Partial<Record<UseKind, number>>>,
): Decision {
  const counted = rules.usedBy
    .filter((kind) => (uses[kind] ?? 0) > 0)
    .map((kind) => {
      const n = uses[kind]!;
      return `${n} ${USE_KINDS[kind][n === 1 ? 0 : 1]}`;
    });
  if (counted.length === 0) return allow();
  const words = counted.length === 1 ? counted[0]! : `${counted.slice(0, -1).join(', ')} and ${counted.at(-1)}`;
  const one = counted.length === 1 && Object.values(uses).reduce((sum, n) => (sum ?? 0) + (n ?? 0), 0) === 1;
  return refuse(problems.inUse(rules.what, `${words} ${one ? 'uses' : 'use'}`, rules.advice));
}

/**
 * The chosen records a write names must exist and be active, unless the record already had
 * that one (a record keeps a choice made before it was deactivated). `find` answers the
 * chosen record of a catalogue, or null.
 */
export async function decideChoices(
  rules: Pick<AnyCatalogueRules, 'choices'>,
  values: Readonly<Record<string, unknown>>,
  current: Readonly<Record<string, unknown>> | null,
  find: (catalogue: CatalogueKey, id: number) => Promise<{ active: boolean } | null> | { active: boolean } | null,
): Promise<Decision> {
  for (const [field, choice] of Object.entries(rules.choices ?? {}) as [string, Choice][]) {
    const id = values[field];
    if (typeof id !== 'number' || id === current?.[field]) continue;
    const chosen = await find(choice.catalogue, id);
    if (!chosen?.active) return refuse(problems.choiceNotActive(field, choice.what));
  }
  return allow();
}

/** A catalogue's CSV: header line, then one line per record, chosen records by name. */
export const catalogueCsv = (rules: AnyCatalogueRules, names: ChoiceNames = () => null) => ({
  fileName: rules.csv.fileName,
  header: (lang: ExportLanguage) => CSV_BOM + csvLine(rules.csv.headers[lang]),
  line: (row: never, lang: ExportLanguage) => csvLine(rules.csv.cells(row, lang, names)),
});

/** The catalogues an export names records of: those its fields choose from. */
export const chosenCatalogues = (rules: Pick<AnyCatalogueRules, 'choices'>): CatalogueKey[] => [
  ...new Set(Object.values(rules.choices ?? {}).map((choice) => choice!.catalogue)),
];

/** `names` of an export from each chosen catalogue's records: `byCatalogue` gives their id → name. */
export function choiceNames(
  rules: Pick<AnyCatalogueRules, 'choices'>,
  byCatalogue: Readonly<Partial<Record<CatalogueKey, ReadonlyMap<number, string>>>>,
): ChoiceNames {
  return (field, id) => {
    const catalogue = rules.choices?.[field]?.catalogue;
    return id === null || !catalogue ? null : (byCatalogue[catalogue]?.get(id) ?? null);
  };
}
