import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@contract';
import { PageHeader } from '@/components/page-header';
import { DashboardCards } from './dashboard-cards';
import { presetPeriod } from './period';

/** Figures made up for the gallery: every card with a value of its own kind. */
const SAMPLE: Dashboard['cards'] = {
  open: 32,
  awaitingJustification: 16,
  overdue: 5,
  decided: 41,
  fined: 23,
  waived: 18,
  withFindings: 3,
  finesIssued: '6760.00',
  finesPaid: '20000.00',
  medianHoursToDecision: 30.5,
};

/** The dashboard's cards as the design system shows them: filled, loading, and without money. */
export function WidgetsPage() {
  const { t } = useTranslation();
  const period = presetPeriod('thisMonth');
  const states = [
    { key: 'filled', cards: SAMPLE },
    { key: 'loading', cards: undefined },
    { key: 'noMoney', cards: { ...SAMPLE, finesIssued: null, finesPaid: null } },
  ] as const;
  return (
    <>
      <PageHeader />
      <Text c="dimmed" mb="lg" maw={720}>
        {t('widgets.intro')}
      </Text>
      <Stack gap="xl">
        {states.map((state) => (
          <Paper key={state.key} withBorder radius="md" p="md" component="section" aria-labelledby={`widgets-${state.key}`}>
            <Title id={`widgets-${state.key}`} order={2} size="h4" mb={4}>
              {t(`widgets.states.${state.key}`)}
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              {t(`widgets.hints.${state.key}`)}
            </Text>
            <DashboardCards cards={state.cards} period={period} />
          </Paper>
        ))}
      </Stack>
    </>
  );
}
