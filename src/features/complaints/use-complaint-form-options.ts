import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Complaint, ComplaintContract, ComplaintFormOptions } from '@contract';
import { runsOn, type ContractPeriod } from '@domain/contracts';
import { formatDate } from '@/lib/date-format';

interface Option {
  value: string;
  label: string;
  disabled?: boolean;
}

/** A contract the form offers, with the days it runs when the options say so. */
export type OfferedContract = ComplaintContract & Partial<Pick<ContractPeriod, 'startDate' | 'endDate'>>;

const contractLabel = (c: ComplaintContract) => `${c.contractNo} — ${c.title}`;

/**
 * The form's choices from `GET complaints/form-options`. An edited complaint keeps its own
 * type, contractor and contract readable even when they are no longer offered (switched off).
 * Given the day of the misconduct (`YYYY-MM-DD`, the authority's calendar), a contractor's
 * contracts that do not run on it are shown with their days and cannot be chosen.
 */
export function useComplaintFormOptions(data: ComplaintFormOptions | undefined, current: Complaint | null, organizationId: string | null) {
  const { t } = useTranslation();
  return useMemo(() => {
    const offenceTypes: Option[] = (data?.typeOfOffences ?? []).map((o) => ({ value: String(o.id), label: o.name }));
    const organizations: Option[] = (data?.organizations ?? []).map((o) => ({ value: String(o.id), label: o.name }));
    if (current && !offenceTypes.some((o) => o.value === String(current.typeOfOffence.id))) {
      offenceTypes.push({
        value: String(current.typeOfOffence.id),
        label: t('complaintForm.inactiveOption', { name: current.typeOfOffence.name }),
      });
    }
    if (current && !organizations.some((o) => o.value === String(current.organization.id))) {
      organizations.push({ value: String(current.organization.id), label: current.organization.name });
    }
    return {
      offenceTypes,
      organizations,
      contractsOf(id: string | null = organizationId, day: string | null = null): Option[] {
        if (!id) return [];
        const contracts = data?.organizations.find((o) => String(o.id) === id)?.contracts ?? [];
        const options: Option[] = contracts.map((c) => ({
          value: String(c.id),
          label: day && !runsOn(c, day) ? `${contractLabel(c)} (${periodOf(c)})` : contractLabel(c),
          disabled: day !== null && !runsOn(c, day),
        }));
        const own = current?.contract;
        if (own && String(current.organization.id) === id && !options.some((o) => o.value === String(own.id))) {
          options.push({ value: String(own.id), label: contractLabel(own) });
        }
        return options;
      },
      /** A contract the options hold, by id, with its days. */
      contractOf(id: string | null): OfferedContract | undefined {
        if (!id) return undefined;
        for (const o of data?.organizations ?? []) {
          const found = o.contracts.find((c) => String(c.id) === id);
          if (found) return found;
        }
        return current?.contract && String(current.contract.id) === id ? current.contract : undefined;
      },
    };
    function periodOf(c: Pick<ContractPeriod, 'startDate' | 'endDate'>) {
      return t('complaintForm.contractPeriod', { start: formatDate(c.startDate), end: formatDate(c.endDate) });
    }
  }, [data, current, organizationId, t]);
}
