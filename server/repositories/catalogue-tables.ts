import type { CatalogueKey } from '../../domain/catalogues';
import {
  accountTypes,
  complaints,
  contractRates,
  contracts,
  formulas,
  organizations,
  organizationTypes,
  personas,
  positions,
  typeOfOffences,
  userTypes,
  users,
  zones,
} from '../db/schema';
import type { CatalogueTable } from './catalogues';

const referenceColumns = <T extends typeof zones | typeof accountTypes | typeof userTypes | typeof positions | typeof organizationTypes>(
  t: T,
) => ({ id: t.id, code: t.code, name: t.name, description: t.description, active: t.isActive });

/** Where each catalogue of domain/catalogues.ts lives, and what points at its records. */
export const CATALOGUE_TABLES = {
  'account-types': { table: accountTypes, columns: referenceColumns(accountTypes), usedBy: { personas: personas.accountTypeId } },
  'user-types': { table: userTypes, columns: referenceColumns(userTypes), usedBy: { users: users.userTypeId } },
  positions: { table: positions, columns: referenceColumns(positions), usedBy: { personas: personas.positionId } },
  zones: {
    table: zones,
    columns: referenceColumns(zones),
    usedBy: { organizations: organizations.zoneId, personas: personas.zoneId, contracts: contracts.zoneId },
  },
  'organization-types': {
    table: organizationTypes,
    columns: referenceColumns(organizationTypes),
    usedBy: { organizations: organizations.organizationTypeId },
  },
  organizations: {
    table: organizations,
    columns: {
      id: organizations.id,
      name: organizations.name,
      registrationNo: organizations.registrationNo,
      organizationTypeId: organizations.organizationTypeId,
      zoneId: organizations.zoneId,
      address: organizations.address,
      email: organizations.contactEmail,
      phone: organizations.contactPhone,
      active: organizations.isActive,
    },
    usedBy: { personas: personas.organizationId, complaints: complaints.organizationId, contracts: contracts.organizationId },
  },
  personas: {
    table: personas,
    columns: {
      id: personas.id,
      fullName: personas.fullName,
      staffNo: personas.staffNo,
      phone: personas.phone,
      positionId: personas.positionId,
      zoneId: personas.zoneId,
      organizationId: personas.organizationId,
      accountTypeId: personas.accountTypeId,
      active: personas.isActive,
    },
    usedBy: { users: users.personaId },
  },
  'type-of-offences': {
    table: typeOfOffences,
    columns: {
      id: typeOfOffences.id,
      name: typeOfOffences.name,
      description: typeOfOffences.description,
      defaultRate: typeOfOffences.defaultRate,
      isActive: typeOfOffences.isActive,
    },
    usedBy: { complaints: complaints.typeOfOffenceId, contracts: contractRates.typeOfOffenceId },
  },
  formulas: {
    table: formulas,
    columns: {
      id: formulas.id,
      name: formulas.name,
      description: formulas.description,
      expression: formulas.expression,
      active: formulas.isActive,
    },
    usedBy: { contracts: contracts.formulaId },
  },
} as const satisfies Record<CatalogueKey, CatalogueTable>;
