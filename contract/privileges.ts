import { z } from 'zod';
import { PRIVILEGE_ACTIONS } from './menu-items';

const action = z.enum(PRIVILEGE_ACTIONS);

/** `GET /api/v1/privileges/matrix`: every user type × menu item, with the actions each item supports. */
export const privilegeMatrixSchema = z.object({
  /** Changes whenever any grant does; a save names the version it was made on. */
  version: z.number().int(),
  actions: z.array(action),
  userTypes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  groups: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      items: z.array(z.object({ id: z.number().int(), name: z.string(), url: z.string(), supports: z.array(action) })),
    }),
  ),
  /** By user type id, then menu item id: the actions allowed. */
  grants: z.record(z.string(), z.record(z.string(), z.array(action))),
});
export type PrivilegeMatrix = z.infer<typeof privilegeMatrixSchema>;
export const privilegeMatrixResponseSchema = z.object({ data: privilegeMatrixSchema });

/** `PUT /api/v1/privileges/matrix/{userTypeId}`: that user type's whole row set, on the version it was read at. */
export const privilegeRowsSchema = z
  .object({
    version: z.number().int(),
    grants: z.record(z.string().regex(/^\d+$/, 'Menu item ids'), z.array(action).max(PRIVILEGE_ACTIONS.length)),
  })
  .strict();
export type PrivilegeRows = z.infer<typeof privilegeRowsSchema>;
export const userTypeParamsSchema = z.object({ userTypeId: z.coerce.number().int().positive().max(2_147_483_647) });
