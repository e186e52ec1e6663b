import { organizationExportQuerySchema, organizationInputSchema, organizationListQuerySchema, organizationSchema, organizationUpdateSchema } from './organizations';
import { personaExportQuerySchema, personaInputSchema, personaListQuerySchema, personaSchema, personaUpdateSchema } from './personas';

/** The shapes of the catalogues whose lists take filters of their own, for the back ends' one catalogue adapter. */
export const CATALOGUE_SCHEMAS = {
  organizations: { item: organizationSchema, input: organizationInputSchema, update: organizationUpdateSchema, listQuery: organizationListQuerySchema, exportQuery: organizationExportQuerySchema },
  personas: { item: personaSchema, input: personaInputSchema, update: personaUpdateSchema, listQuery: personaListQuerySchema, exportQuery: personaExportQuerySchema },
};
