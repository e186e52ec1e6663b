import {
  organizationExportQuerySchema,
  organizationInputSchema,
  organizationListQuerySchema,
  organizationListResponseSchema,
  organizationResponseSchema,
  organizationSchema,
  organizationUpdateSchema,
} from './organizations';
import { formulaInputSchema, formulaListResponseSchema, formulaResponseSchema, formulaSchema, formulaUpdateSchema } from './formulas';
import {
  personaExportQuerySchema,
  personaInputSchema,
  personaListQuerySchema,
  personaListResponseSchema,
  personaResponseSchema,
  personaSchema,
  personaUpdateSchema,
} from './personas';

/** The shapes of the catalogues beside the reference lists, for the back ends' one catalogue adapter. */
export const CATALOGUE_SCHEMAS = {
  organizations: {
    item: organizationSchema,
    list: organizationListResponseSchema,
    response: organizationResponseSchema,
    input: organizationInputSchema,
    update: organizationUpdateSchema,
    listQuery: organizationListQuerySchema,
    exportQuery: organizationExportQuerySchema,
  },
  formulas: {
    item: formulaSchema,
    list: formulaListResponseSchema,
    response: formulaResponseSchema,
    input: formulaInputSchema,
    update: formulaUpdateSchema,
  },
  personas: {
    item: personaSchema,
    list: personaListResponseSchema,
    response: personaResponseSchema,
    input: personaInputSchema,
    update: personaUpdateSchema,
    listQuery: personaListQuerySchema,
    exportQuery: personaExportQuerySchema,
  },
};
