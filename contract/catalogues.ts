import {
  organizationExportQuerySchema,
  organizationInputSchema,
  organizationListQuerySchema,
  organizationSchema,
  organizationUpdateSchema,
} from './organizations';
import { formulaInputSchema, formulaSchema, formulaUpdateSchema } from './formulas';
import { personaExportQuerySchema, personaInputSchema, personaListQuerySchema, personaSchema, personaUpdateSchema } from './personas';

/** The shapes of the catalogues beside the reference lists, for the back ends' one catalogue adapter. */
export const CATALOGUE_SCHEMAS = {
  organizations: {
    item: organizationSchema,
    input: organizationInputSchema,
    update: organizationUpdateSchema,
    listQuery: organizationListQuerySchema,
    exportQuery: organizationExportQuerySchema,
  },
  formulas: { item: formulaSchema, input: formulaInputSchema, update: formulaUpdateSchema },
  personas: {
    item: personaSchema,
    input: personaInputSchema,
    update: personaUpdateSchema,
    listQuery: personaListQuerySchema,
    exportQuery: personaExportQuerySchema,
  },
};
