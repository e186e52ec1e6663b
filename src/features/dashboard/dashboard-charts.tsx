import { Group, Paper, SegmentedControl, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import 'dayjs/locale/ms';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@contract';
import { BarChart } from '@/components/bar-chart';
import { AnchorLink } from '@/components/router-links';
import { contractorLink, monthLink, offenceLink, repeatLink, type ComplaintsLink } from './links';
import type { Period } from './period';

const STATUSES = [
  // The status badges' palette (SPEC §4): submitted grey, justified yellow, fined red, waived teal.
  { name: 'submitted', code: 1, color: 'gray.6' },
  { name: 'justified', code: 2, color: 'yellow.5' },
  { name: 'fined', code: 3, color: 'red.8' },
  { name: 'waived', code: 4, color: 'teal.7' },
] as const;

type View = 'chart' | 'table';

/**
 * A chart with the same figures as a table of links beside it, one click away: the bars are
 * links for the mouse, the table's counts for the keyboard and screen readers.
 */
function ChartCard({ title, empty, chart, table }: { title: string; empty: boolean; chart: ReactNode; table: ReactNode }) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('chart');
  return (
    <Paper withBorder radius="md" p="md" miw={0}>
      <Group justify="space-between" mb="sm" gap="xs" align="flex-start">
        <Title order={2} size="h5">
          {title}
        </Title>
        {!empty && (
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(next) => setView(next as View)}
            data={[
              { value: 'chart', label: t('dashboard.asChart') },
              { value: 'table', label: t('dashboard.asTable') },
            ]}
            aria-label={t('dashboard.viewOf', { title })}
          />
        )}
      </Group>
      {empty ? (
        <Text c="dimmed" size="sm" py="xl" ta="center">
          {t('dashboard.nothingYet')}
        </Text>
      ) : view === 'chart' ? (
        chart
      ) : (
        table
      )}
    </Paper>
  );
}

/** Numbers as the chosen language groups them, not the browser's. */
const numberLocale = () => (document.documentElement.lang === 'ms' ? 'ms-MY' : 'en-GB');

/** A count that opens the list it counts. */
function CountLink({ link, count, label }: { link: ComplaintsLink; count: number; label: string }) {
  return (
    <AnchorLink {...link} aria-label={label} fw={600}>
      {count.toLocaleString(numberLocale())}
    </AnchorLink>
  );
}

/** The dashboard's charts: complaints per month by status, fines per contractor, offence types, repeat offenders. */
export default function DashboardCharts({ figures, period }: { figures: Dashboard; period: Period }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const locale = i18n.resolvedLanguage === 'ms' ? 'ms' : 'en';
  const monthName = (month: string) => dayjs(`${month}-01`).locale(locale).format('MMM YYYY');
  const go = (link: ComplaintsLink) => void navigate(link);
  const statusLabel = (code: number) => t(`complaints.statusNames.${code}`);

  const perMonth = figures.perMonth.map((m) => ({ ...m, label: monthName(m.month) }));
  const monthsEmpty = figures.perMonth.every((m) => m.submitted + m.justified + m.fined + m.waived === 0);
  const contractors = figures.byContractor.map((c) => ({ id: c.organization.id, name: c.organization.name, count: c.count }));
  const offences = figures.byOffenceType.map((o) => ({ id: o.typeOfOffence.id, name: o.typeOfOffence.name, count: o.count }));

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <ChartCard
        title={t('dashboard.charts.perMonth')}
        empty={monthsEmpty}
        chart={
          <BarChart
            height={280}
            labels={perMonth.map((m) => m.label)}
            stacked
            withLegend
            series={STATUSES.map((s) => ({
              name: s.name,
              color: s.color,
              label: statusLabel(s.code),
              values: perMonth.map((m) => m[s.name]),
            }))}
            onBarClick={(seriesIndex, index) => go(monthLink(perMonth[index]!.month, STATUSES[seriesIndex]!.name, period))}
            ariaLabel={t('dashboard.charts.perMonth')}
          />
        }
        table={
          <Table.ScrollContainer minWidth={420}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('dashboard.month')}</Table.Th>
                  {STATUSES.map((s) => (
                    <Table.Th key={s.name} ta="right">
                      {statusLabel(s.code)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {perMonth.map((m) => (
                  <Table.Tr key={m.month}>
                    <Table.Td>{m.label}</Table.Td>
                    {STATUSES.map((s) => (
                      <Table.Td key={s.name} ta="right">
                        {m[s.name] === 0 ? (
                          <Text span c="dimmed">
                            0
                          </Text>
                        ) : (
                          <CountLink
                            link={monthLink(m.month, s.name, period)}
                            count={m[s.name]}
                            label={t('dashboard.openListOf', { what: `${statusLabel(s.code)}, ${m.label}`, count: m[s.name] })}
                          />
                        )}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        }
      />
      <RankChart
        title={t('dashboard.charts.byContractor')}
        rows={contractors}
        nameHead={t('complaints.contractor')}
        countLabel={t('dashboard.finedComplaints')}
        color="red.8"
        linkOf={(id) => contractorLink(id, period)}
      />
      <RankChart
        title={t('dashboard.charts.byOffenceType')}
        rows={offences}
        nameHead={t('complaints.typeOfOffence')}
        countLabel={t('dashboard.complaints')}
        color="blue.7"
        linkOf={(id) => offenceLink(id, period)}
      />
      <Paper withBorder radius="md" p="md" miw={0}>
        <Title order={2} size="h5" mb={4}>
          {t('dashboard.charts.repeatOffenders')}
        </Title>
        <Text size="xs" c="dimmed" mb="sm">
          {t('dashboard.repeatHint')}
        </Text>
        {figures.repeatOffenders.length === 0 ? (
          <Text c="dimmed" size="sm" py="xl" ta="center">
            {t('dashboard.noRepeats')}
          </Text>
        ) : (
          <RankTable
            head={[t('complaints.contractor'), t('complaints.typeOfOffence'), t('dashboard.fines')]}
            rows={figures.repeatOffenders.map((r) => ({
              key: `${r.organization.id}/${r.typeOfOffence.id}`,
              cells: [r.organization.name, r.typeOfOffence.name],
              link: repeatLink(r.organization.id, r.typeOfOffence.id, period),
              count: r.count,
            }))}
            label={(name, count) => t('dashboard.openListOf', { what: name, count })}
          />
        )}
      </Paper>
    </SimpleGrid>
  );
}

/** Counts by name, most first, as horizontal bars that open their lists, and as a table of links. */
function RankChart({
  title,
  rows,
  nameHead,
  countLabel,
  color,
  linkOf,
}: {
  title: string;
  rows: { id: number; name: string; count: number }[];
  nameHead: string;
  countLabel: string;
  color: string;
  linkOf: (id: number) => ComplaintsLink;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ChartCard
      title={title}
      empty={rows.length === 0}
      chart={
        <BarChart
          height={Math.max(160, rows.length * 40)}
          labels={rows.map((r) => r.name)}
          horizontal
          labelWidth={160}
          barWidth={24}
          series={[{ name: 'count', color, label: countLabel, values: rows.map((r) => r.count) }]}
          onBarClick={(_, index) => void navigate(linkOf(rows[index]!.id))}
          ariaLabel={title}
        />
      }
      table={
        <RankTable
          head={[nameHead, countLabel]}
          rows={rows.map((r) => ({ key: r.id, cells: [r.name], link: linkOf(r.id), count: r.count }))}
          label={(name, count) => t('dashboard.openListOf', { what: name, count })}
        />
      }
    />
  );
}

/** Rows of names and a count that links to its list, most first. */
function RankTable({
  head,
  rows,
  label,
}: {
  head: string[];
  rows: { key: string | number; cells: string[]; link: ComplaintsLink; count: number }[];
  label: (name: string, count: number) => string;
}) {
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          {head.map((h, i) => (
            <Table.Th key={h} ta={i === head.length - 1 ? 'right' : undefined}>
              {h}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            {row.cells.map((cell, i) => (
              <Table.Td key={i}>{cell}</Table.Td>
            ))}
            <Table.Td ta="right">
              <CountLink link={row.link} count={row.count} label={label(row.cells.join(', '), row.count)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
