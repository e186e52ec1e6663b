import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Complaint, ComplaintContract, ComplaintFormOptions } from '@contract';

interface Option {
  value: string;
  label: string;
}

const contractLabel = (c: ComplaintContract) => `${c.contractNo} — ${c.title}`;

/**
 * The form's choices from `GET complaints/form-options`. An edited complaint keeps its own
 * type, contractor and contract readable even when they are no longer offered (switched off).
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
      contractsOf(id: string | null = organizationId): Option[] {
        if (!id) return [];
        const contracts = data?.organizations.find((o) => String(o.id) === id)?.contracts ?? [];
        const options = contracts.map((c) => ({ value: String(c.id), label: contractLabel(c) }));
        const own = current?.contract;
        if (own && String(current.organization.id) === id && !options.some((o) => o.value === String(own.id))) {
          options.push({ value: String(own.id), label: contractLabel(own) });
        }
        return options;
      },
    };
  }, [data, current, organizationId, t]);
}
