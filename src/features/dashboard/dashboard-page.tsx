import { Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { DatesRangeValue } from '@mantine/dates';
import { IconChartBar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@contract';
import { useCalendarProps } from '@/components/calendar-props';
import { DatePickerInput } from '@/components/picker-inputs';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { todayLocal } from '@/lib/date-format';
import { httpStatusOf } from '@/lib/api-error';
import { dashboardQueries } from './api';
import { DashboardCards } from './dashboard-cards';
import { periodOf, type DashboardSearch, type Period } from './list-url';
import { PRESETS, presetOf, presetPeriod, type Preset } from './period';
import { lazyRetrying } from '@/lib/lazy-retrying';
import { LazyPart } from '@/components/part-load-boundary';

// The charts (Chartist) load with this screen only, after its cards.
const DashboardCharts = lazyRetrying(() => import('./dashboard-charts'));

const isEmpty = (d: Dashboard) =>
  Object.values(d.cards).every((v) => v === null || v === 0 || v === '0.00') &&
  d.perMonth.every((m) => m.submitted + m.justified + m.fined + m.waived === 0);

function ChartsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" aria-hidden>
      {[1, 2, 3, 4].map((n) => (
        <Paper key={n} withBorder radius="md" p="md">
          <Skeleton height={14} width="40%" mb="md" />
          <Skeleton height={220} />
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** The period picker: a preset, or any two days; written to the URL. */
function PeriodPicker({ period, onChange }: { period: Period; onChange: (period: Period) => void }) {
  const { t } = useTranslation();
  const calendar = useCalendarProps();
  const preset = presetOf(period);
  const [range, setRange] = useState<DatesRangeValue<string>>([period.from, period.to]);
  // The URL's period, as text: a new period (Back, a preset) replaces a half-picked range; a re-render does not.
  const inUrl = `${period.from}/${period.to}`;
  const [shown, setShown] = useState(inUrl);
  if (shown !== inUrl) {
    setShown(inUrl);
    setRange([period.from, period.to]);
  }
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label={t('dashboard.period')}
        data={[
          ...PRESETS.map((p) => ({ value: p, label: t(`dashboard.presets.${p}`) })),
          { value: 'custom', label: t('dashboard.presets.custom'), disabled: true },
        ]}
        value={preset ?? 'custom'}
        onChange={(value) => value && value !== 'custom' && onChange(presetPeriod(value as Preset))}
        allowDeselect={false}
        w={{ base: '100%', xs: 170 }}
      />
      <DatePickerInput
        type="range"
        label={t('dashboard.days')}
        valueFormat="DD-MM-YYYY"
        value={range}
        onChange={(next) => {
          setRange(next);
          const [from, to] = next;
          if (from && to) onChange({ from, to });
        }}
        allowSingleDateInRange
        maxDate={todayLocal()}
        {...calendar}
        w={{ base: '100%', xs: 250 }}
      />
    </Group>
  );
}

/**
 * The dashboard: what stands open now, what the period's misconduct came to, what was billed,
 * and where the fines fall. Every figure opens the list it counts.
 */
export function DashboardPage({ search, onSearchChange }: { search: DashboardSearch; onSearchChange: (search: DashboardSearch) => void }) {
  const { t } = useTranslation();
  const period = periodOf(search);
  const query = useQuery(dashboardQueries.period(period));
  const forbidden = httpStatusOf(query.error) === 403;
  const figures = query.data;

  return (
    <>
      <PageHeader>
        <PeriodPicker period={period} onChange={(next) => onSearchChange(next)} />
      </PageHeader>
      {forbidden ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed">
            {t('dashboard.nothingForRole')}
          </Text>
        </Paper>
      ) : query.isError && !figures ? (
        <ErrorState
          error={query.error}
          title={t('dashboard.loadFailed')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <Stack gap="lg" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
          {query.isError && (
            <ErrorState
              error={query.error}
              title={t('dashboard.loadFailed')}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          )}
          {figures && isEmpty(figures) && (
            <Paper withBorder radius="md" p="lg">
              <Group wrap="nowrap">
                <ThemeIcon variant="light" size="xl" radius="md" aria-hidden>
                  <IconChartBar size={24} />
                </ThemeIcon>
                <div>
                  <Text fw={600}>{t('dashboard.emptyTitle')}</Text>
                  <Text size="sm" c="dimmed">
                    {t('dashboard.emptyHint')}
                  </Text>
                </div>
              </Group>
            </Paper>
          )}
          <DashboardCards cards={figures?.cards} period={period} />
          {figures ? (
            isEmpty(figures) ? null : (
              <LazyPart fallback={<ChartsSkeleton />}>
                <DashboardCharts figures={figures} period={period} />
              </LazyPart>
            )
          ) : (
            <ChartsSkeleton />
          )}
        </Stack>
      )}
    </>
  );
}
