import { authHandlers } from './auth';
import { complaintHandlers } from './complaints';
import { menuHandlers } from './menu';
import { notificationHandlers } from './notifications';
import { typeOfOffenceHandlers } from './type-of-offences';

export const handlers = [
  ...authHandlers,
  ...menuHandlers,
  ...notificationHandlers,
  ...complaintHandlers,
  ...typeOfOffenceHandlers,
];
