import { COMPLAINT_STATUS } from './complaint-status';

/** The limits of a complaint's fields (PRODUCT.md); the rules themselves are domain/complaints.ts. */
export const COMPLAINT_TEXT_MAX = 2000;
export const COMPLAINT_SHORT_TEXT_MAX = 200;
export const REMARK_MAX = 1000;
export const QTY_MAX = 1_000_000;
export const MAX_ATTACHMENTS = 10;
/** Clocks differ a little; a misconduct time this far ahead still counts as "now". */
export const FUTURE_SKEW_MS = 5 * 60_000;
/** The most a phone's stated accuracy of its position may be, in metres (a cell tower's guess is a few km). */
export const ACCURACY_MAX_METERS = 100_000;
/** The most a device's name (made offline on it) may be. */
export const DEVICE_NAME_MAX = 100;

/** Verifier decisions and the status each leads to. */
export const DECISION_STATUS = { fine: COMPLAINT_STATUS.fined, waive: COMPLAINT_STATUS.waived } as const;
export type Decision = keyof typeof DECISION_STATUS;

/** `CMP-2026-000123`: the year (UTC) it was registered and its number, readable and unique. */
export const complaintRefNo = (registeredAt: Date, id: number) => `CMP-${registeredAt.getUTCFullYear()}-${String(id).padStart(6, '0')}`;
