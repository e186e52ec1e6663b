import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { COMPLAINT_SHORT_TEXT_MAX, COMPLAINT_TEXT_MAX, QTY_MAX } from '@contract/complaint-rules';
import type { Complaint, ComplaintInput, Coordinates } from '@contract';
import { authorityDay, runsOn } from '@domain/contracts';
import type { DateTimeValue } from '@/components/date-time-field';
import { formatDate } from '@/lib/date-format';
import type { OfferedContract } from './use-complaint-form-options';

/** What the complaint form holds: selects keep ids as strings, the date as the date field's local time. */
export type ComplaintFormValues = {
  typeOfOffenceId: string | null;
  dateOfMisconduct: DateTimeValue;
  description: string;
  organizationId: string | null;
  contractId: string | null;
  offender: string;
  location: string;
  qty: number | string;
  /** Where the officer stood, from the phone ("Use my location"); null when not asked. */
  coordinates: Coordinates | null;
};

/** An instant as the date field holds it: local time, `YYYY-MM-DD HH:mm:ss`. */
export const toFieldValue = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');
/** Days a misconduct cannot be on: those after today. */
export const afterToday = (day: string) => dayjs(day).isAfter(dayjs(), 'day');
/** A local date and time as the API wants it: ISO 8601 with this browser's offset. */
export const toIsoWithOffset = (local: string) => dayjs(local).format();
/** The day of the misconduct on the authority's calendar (`YYYY-MM-DD`), as the server checks a contract against it. */
export function misconductDay(local: DateTimeValue): string | null {
  return local && dayjs(local).isValid() ? authorityDay(toIsoWithOffset(local)) : null;
}

/** What is wrong with the chosen contract on the day of the misconduct, in words (the server's rule, said before sending); null when nothing. */
export function contractDaysProblem(t: TFunction, contract: OfferedContract | undefined, day: string | null): string | null {
  if (!day || !contract?.startDate || !contract.endDate) return null;
  const period = { startDate: contract.startDate, endDate: contract.endDate };
  if (runsOn(period, day)) return null;
  return t('complaintForm.contractNotRunning', {
    contractNo: contract.contractNo,
    start: formatDate(period.startDate),
    end: formatDate(period.endDate),
    day: formatDate(day),
  });
}

export function initialComplaintValues(c: Complaint | null): ComplaintFormValues {
  return {
    typeOfOffenceId: c ? String(c.typeOfOffence.id) : null,
    dateOfMisconduct: c ? toFieldValue(c.dateOfMisconduct) : null,
    description: c?.description ?? '',
    organizationId: c ? String(c.organization.id) : null,
    contractId: c?.contract ? String(c.contract.id) : null,
    offender: c?.offender ?? '',
    location: c?.location ?? '',
    qty: c?.qty ?? '',
    coordinates: c && 'coordinates' in c ? ((c.coordinates as Coordinates | null | undefined) ?? null) : null,
  };
}

/** The complaint as `POST complaints` takes it, from the form's values and its images' file ids in order. */
export function requestBodyOf(values: ComplaintFormValues, attachmentFileIds: string[]): ComplaintInput {
  return {
    typeOfOffenceId: Number(values.typeOfOffenceId),
    dateOfMisconduct: toIsoWithOffset(values.dateOfMisconduct!),
    description: values.description.trim(),
    organizationId: Number(values.organizationId),
    contractId: Number(values.contractId),
    offender: values.offender.trim(),
    location: values.location.trim(),
    qty: Number(values.qty),
    // Null too: a position cleared while editing is sent as cleared.
    coordinates: values.coordinates ?? null,
    attachmentFileIds,
  };
}

const text = (t: TFunction, required: string, max: number) => (value: string) =>
  !value.trim() ? t(required) : value.trim().length > max ? t('validation.tooLong', { max }) : null;

/** The rules of `complaintInputSchema`, said as the user types. */
export function complaintValidation(t: TFunction) {
  return {
    typeOfOffenceId: (value: string | null) => (value ? null : t('complaintForm.typeRequired')),
    dateOfMisconduct: (value: DateTimeValue) => {
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
