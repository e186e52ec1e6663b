import { Paper, SimpleGrid, Skeleton, Stack, Text, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@contract';
import { formatMoney } from '@/lib/money';
import { cardLink, type CardKey } from './links';
import type { Period } from './period';
import classes from './dashboard.module.css';

type Cards = Dashboard['cards'];

function CardElement(props: UnstyledButtonProps & ComponentPropsWithRef<'a'>) {
  return <UnstyledButton component="a" {...props} />;
}
/** A card that is a router link, its `search` typed by the route tree. */
const CardLink = createLink(CardElement);

/** The cards in their groups: what stands now, what the period decided, what it billed. */
const GROUPS: readonly { key: 'now' | 'period' | 'money'; cards: readonly CardKey[] }[] = [
  { key: 'now', cards: ['open', 'awaitingJustification', 'overdue'] },
  { key: 'period', cards: ['decided', 'fined', 'waived', 'medianHoursToDecision', 'withFindings'] },
  { key: 'money', cards: ['finesIssued', 'finesPaid'] },
];

const TONE: Partial<Record<CardKey, string>> = { overdue: 'red', fined: 'orange', waived: 'teal', finesPaid: 'green' };

/**
 * The dashboard's figures as cards, each a link to the list it counts, already filtered.
 * Without figures yet, skeletons of the same size; money cards only for who reads claim records.
 */
export function DashboardCards({ cards, period }: { cards: Cards | undefined; period: Period }) {
  const { t, i18n } = useTranslation();
  const groups = GROUPS.filter((g) => g.key !== 'money' || cards === undefined || cards.finesIssued !== null);
  const value = (key: CardKey, c: Cards): ReactNode => {
    const v = c[key];
    if (v === null) return '—';
    if (key === 'finesIssued' || key === 'finesPaid') return `RM ${formatMoney(String(v))}`;
    if (key === 'medianHoursToDecision') return t('dashboard.hours', { count: Number(v) });
    return Number(v).toLocaleString(i18n.resolvedLanguage === 'ms' ? 'ms-MY' : 'en-GB');
  };
  return (
    <Stack gap="lg">
      {groups.map((group) => (
        <section key={group.key} aria-labelledby={`cards-${group.key}`}>
          <Text id={`cards-${group.key}`} component="h2" size="sm" fw={600} c="dimmed" tt="uppercase" mb="xs">
            {t(`dashboard.groups.${group.key}`)}
          </Text>
          <SimpleGrid cols={{ base: 2, md: group.cards.length >= 4 ? 4 : 3 }} spacing={{ base: 'xs', sm: 'md' }}>
            {group.cards.map((key) =>
              cards === undefined ? (
                <Paper key={key} withBorder radius="md" p="md" aria-hidden>
                  <Skeleton height={12} width="60%" mb="sm" />
                  <Skeleton height={28} width="40%" mb="xs" />
                  <Skeleton height={10} width="80%" />
                </Paper>
              ) : (
                <CardLink key={key} {...cardLink(key, period)} className={classes.card} data-card={key} data-tone={TONE[key]}>
                  <Text size="sm" c="dimmed" fw={500}>
                    {t(`dashboard.cards.${key}`)}
                  </Text>
                  <Text className={classes.value} mt={4} data-testid={`card-${key}`}>
                    {value(key, cards)}
                  </Text>
                  <Text size="xs" c="dimmed" mt={4}>
                    {t(`dashboard.hints.${key}`)}
                  </Text>
                </CardLink>
              ),
            )}
          </SimpleGrid>
        </section>
      ))}
    </Stack>
  );
}
