import { twoFactorHandlers } from './two-factor';
import { authHandlers } from './auth';
import { complaintHandlers } from './complaints';
import { fileHandlers } from './files';
import { meHandlers } from './me';
import { menuHandlers } from './menu';
import { notificationHandlers } from './notifications';
import { savedViewHandlers } from './saved-views';
import { auditEventHandlers } from './audit-events';
import { catalogueHandlerList } from './catalogues';
import { contractHandlers } from './contracts';
import { claimRecordHandlers } from './claim-records';
import { dashboardHandlers } from './dashboard';
import { mailHandlers } from './mail';
import { userHandlers } from './users';
import { privilegeHandlers } from './privileges';

export const handlers = [
  ...authHandlers,
  ...twoFactorHandlers,
  ...meHandlers,
  ...fileHandlers,
  ...menuHandlers,
  ...notificationHandlers,
  // Before the catalogues, whose `api/v1/:key` would take it.
  ...savedViewHandlers,
  ...complaintHandlers,
  ...catalogueHandlerList,
  ...contractHandlers,
  ...claimRecordHandlers,
  ...dashboardHandlers,
  ...mailHandlers,
  ...auditEventHandlers,
  ...userHandlers,
  ...privilegeHandlers,
];
