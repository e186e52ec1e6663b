import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { COMPLAINT_SHORT_TEXT_MAX, COMPLAINT_TEXT_MAX, QTY_MAX } from '@contract/complaint-rules';
import type { Complaint } from '@contract';

/** What the complaint form holds: selects keep ids as strings, the date as `datetime-local` text. */
export type ComplaintFormValues = {
  typeOfOffenceId: string | null;
  dateOfMisconduct: string;
  description: string;
  organizationId: string | null;
  contractId: string | null;
  offender: string;
  location: string;
  qty: number | string;
};

/** The value format of `<input type="datetime-local" step="1">`. */
const LOCAL_FORMAT = 'YYYY-MM-DDTHH:mm:ss';

export const toLocalInput = (iso: string) => dayjs(iso).format(LOCAL_FORMAT);
/** The latest a misconduct may be: now, to the minute, as the picker's `max`. */
export const nowLocalInput = () => dayjs().format('YYYY-MM-DDTHH:mm');
/** A local date and time as the API wants it: ISO 8601 with this browser's offset. */
export const toIsoWithOffset = (local: string) => dayjs(local).format();

export function initialComplaintValues(c: Complaint | null): ComplaintFormValues {
  return {
    typeOfOffenceId: c ? String(c.typeOfOffence.id) : null,
    dateOfMisconduct: c ? toLocalInput(c.dateOfMisconduct) : '',
    description: c?.description ?? '',
    organizationId: c ? String(c.organization.id) : null,
    contractId: c?.contract ? String(c.contract.id) : null,
    offender: c?.offender ?? '',
    location: c?.location ?? '',
    qty: c?.qty ?? '',
  };
}

const text = (t: TFunction, required: string, max: number) => (value: string) =>
  !value.trim() ? t(required) : value.trim().length > max ? t('validation.tooLong', { max }) : null;

/** The rules of `complaintInputSchema`, said as the user types. */
export function complaintValidation(t: TFunction) {
  return {
    typeOfOffenceId: (value: string | null) => (value ? null : t('complaintForm.typeRequired')),
    dateOfMisconduct: (value: string) => {
      if (!value) return t('complaintForm.dateRequired');
      const at = dayjs(value);
      if (!at.isValid()) return t('complaintForm.dateRequired');
      return at.isAfter(dayjs()) ? t('complaintForm.dateInFuture') : null;
    },
    description: text(t, 'complaintForm.descriptionRequired', COMPLAINT_TEXT_MAX),
    organizationId: (value: string | null) => (value ? null : t('complaintForm.contractorRequired')),
    contractId: (value: string | null) => (value ? null : t('complaintForm.contractRequired')),
    offender: text(t, 'complaintForm.offenderRequired', COMPLAINT_SHORT_TEXT_MAX),
    location: text(t, 'complaintForm.locationRequired', COMPLAINT_SHORT_TEXT_MAX),
    qty: (value: number | string) => {
      if (value === '' || value === '-') return t('complaintForm.qtyRequired');
      const n = Number(value);
      if (!Number.isInteger(n)) return t('complaintForm.qtyWhole');
      if (n < 0) return t('complaintForm.qtyNegative');
      return n > QTY_MAX ? t('complaintForm.qtyTooLarge', { max: QTY_MAX }) : null;
    },
  };
}
