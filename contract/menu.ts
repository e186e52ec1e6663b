import { z } from 'zod';

import { PRIVILEGE_ACTIONS } from './menu-items';

export { PRIVILEGE_ACTIONS, type PrivilegeAction } from './menu-items';

export const menuItemSchema = z.object({
  name: z.string(),
  url: z.string(),
  /** The caller's allowed actions on this item, so a screen shows only the buttons that work. */
  actions: z.array(z.enum(PRIVILEGE_ACTIONS)).optional(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

/** One sidebar group, derived on the server from the privilege matrix. */
export const menuGroupSchema = z.object({
  name: z.string(),
  icon: z.string(),
  menuItems: z.array(menuItemSchema),
});
export type MenuGroup = z.infer<typeof menuGroupSchema>;

/** `GET /api/v1/menu/privileges`: read as `data.data.items` (SPEC §7). */
export const menuPrivilegesResponseSchema = z.object({
  data: z.object({ items: z.array(menuGroupSchema) }),
});
export type MenuPrivilegesResponse = z.infer<typeof menuPrivilegesResponseSchema>;
