import { Button, Chip, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PeriodFilter } from '@/components/period-filter';
import type { ComplaintListSearch, SearchChange } from '@/lib/list-search';
import { complaintQueries } from './api';
import { statusCode } from './list-url';

export interface ComplaintFilterBarProps {
  search: ComplaintListSearch;
  /** The statuses this list can show, by their URL names. */
  statuses: readonly string[];
  onChange: (change: SearchChange<ComplaintListSearch>) => void;
}

const NO_FILTERS = {
  status: undefined,
  offence: undefined,
  contractor: undefined,
  from: undefined,
  to: undefined,
  overdue: undefined,
  findings: undefined,
};

/**
 * The complaint lists' filters: status, type of offence, contractor (when the caller sees
 * more than one) and a period of misconduct, each written to the URL as it is chosen.
 * Loaded with the list, apart from its first paint, as the date picker is heavy.
 */
export default function ComplaintFilterBar({ search, statuses, onChange }: ComplaintFilterBarProps) {
  const { t } = useTranslation();
  const options = useQuery(complaintQueries.filterOptions());

  const id = (value: number | undefined) => (value === undefined ? null : String(value));
  const number = (value: string | null) => (value ? Number(value) : undefined);
  const contractors = options.data?.organizations ?? [];
  const filtered = Object.keys(NO_FILTERS).some((key) => search[key as keyof typeof NO_FILTERS] !== undefined);

  return (
    <Group gap="sm" align="flex-end" mb="md" data-testid="complaint-filters">
      {statuses.length > 1 && (
        // Four statuses at most: each a toggle, all in sight, none hidden in a menu.
        <Stack gap={6} component="fieldset" m={0} p={0} style={{ border: 0 }}>
          <Text component="legend" size="sm" fw={500} p={0} mb={6}>
            {t('complaints.filters.status')}
          </Text>
          <Chip.Group
            multiple
            value={search.status?.split(',') ?? []}
            onChange={(chosen) => onChange({ status: statuses.filter((s) => chosen.includes(s)).join(',') || undefined })}
          >
            <Group gap={6} mih={36} align="center">
              {statuses.map((s) => (
                <Chip key={s} value={s} size="sm" variant="outline">
                  {t(`complaints.statusNames.${statusCode(s)}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
      )}
      <Select
        label={t('complaints.typeOfOffence')}
        placeholder={t('complaints.filters.any')}
        data={(options.data?.typeOfOffences ?? []).map((o) => ({
          value: String(o.id),
          label: o.isActive ? o.name : t('complaintForm.inactiveOption', { name: o.name }),
        }))}
        value={id(search.offence)}
        onChange={(value) => onChange({ offence: number(value) })}
        searchable
        clearable
        nothingFoundMessage={t('table.noItems')}
        w={{ base: '100%', sm: 240 }}
      />
      {contractors.length > 1 && (
        <Select
          label={t('complaints.contractor')}
          placeholder={t('complaints.filters.any')}
          data={contractors.map((o) => ({ value: String(o.id), label: o.name }))}
          value={id(search.contractor)}
          onChange={(value) => onChange({ contractor: number(value) })}
          searchable
          clearable
          w={{ base: '100%', sm: 220 }}
        />
      )}
      <PeriodFilter label={t('complaints.filters.period')} from={search.from} to={search.to} onChange={onChange} />
      {/* Issue 35: complaints whose photos gave a finding (taken out of time, edited, seen elsewhere, far apart). */}
      <Chip
        checked={search.findings === true}
        onChange={(on) => onChange({ findings: on ? true : undefined })}
        size="sm"
        variant="outline"
        color="orange"
        mb={6}
      >
        {t('complaints.filters.withFindings')}
      </Chip>
      {search.overdue !== undefined && (
        // Set by the dashboard's Overdue and Awaiting justification cards; no control sets it here, one removes it.
        <Chip
          checked
          onChange={() => onChange({ overdue: undefined })}
          size="sm"
          variant="light"
          color={search.overdue ? 'red' : 'blue'}
          mb={6}
        >
          {t(search.overdue ? 'complaints.filters.overdueOnly' : 'complaints.filters.inTimeOnly')}
        </Chip>
      )}
      {filtered && (
        <Button variant="subtle" onClick={() => onChange(NO_FILTERS)}>
          {t('complaints.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
