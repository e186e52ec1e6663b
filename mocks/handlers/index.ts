import { accountHandlers } from './account';
import { authHandlers } from './auth';
import { complaintMoveHandlers } from './complaint-moves';
import { complaintHandlers } from './complaints';
import { fileHandlers } from './files';
import { meHandlers } from './me';
import { menuHandlers } from './menu';
import { notificationHandlers } from './notifications';
import { typeOfOffenceWriteHandlers } from './type-of-offence-writes';
import { typeOfOffenceHandlers } from './type-of-offences';

export const handlers = [
  ...authHandlers,
  ...accountHandlers,
  ...meHandlers,
  ...fileHandlers,
  ...menuHandlers,
  ...notificationHandlers,
  ...complaintHandlers,
  ...complaintMoveHandlers,
  ...typeOfOffenceHandlers,
  ...typeOfOffenceWriteHandlers,
];
