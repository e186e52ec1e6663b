import { Alert, Button, Divider, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import 'mantine-datatable/styles.layer.css';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClaimRecordDetail, InvoiceParty } from '@contract';
import { amountInWords } from '@domain/money-words';
import { ErrorState } from '@/components/error-state';
import { PageLoader } from '@/components/page-loader';
import { PageHeader } from '@/components/page-header';
import { AnchorLink, ButtonLink } from '@/components/router-links';
import { httpStatusOf } from '@/lib/api-error';
import { formatDate } from '@/lib/date-format';
import { formatMoney } from '@/lib/money';
import { claimQueries } from './api';
import { ClaimStatusBadge } from './claim-status-badge';
import { dayLabel, monthLabel, ringgit } from './claim-words';
import classes from './invoice.module.css';

/**
 * Invoice: one issued or paid claim record as a printable A4 page (the browser's Print, no PDF
 * library); without a record, the invoices the caller may see.
 */
export function InvoicePage({ claim }: { claim: number | undefined }) {
  return claim === undefined ? <InvoiceList /> : <InvoiceView id={claim} />;
}

/** Invoices a page of the list shows. */
const INVOICES_PER_PAGE = 20;

/** Issued and paid records, newest month first, each opening its invoice; paged here. */
function InvoiceList() {
  const { t, i18n } = useTranslation();
  const [asked, setPage] = useState(1);
  const issued = useQuery(claimQueries.every('issued'));
  const paid = useQuery(claimQueries.every('paid'));
  const rows = [...(issued.data ?? []), ...(paid.data ?? [])].sort((a, b) =>
    a.month === b.month ? b.id - a.id : b.month.localeCompare(a.month),
  );
  // A page past the end (fewer invoices after a refetch) shows the last one.
  const page = Math.min(asked, Math.max(1, Math.ceil(rows.length / INVOICES_PER_PAGE)));
  const shown = rows.slice((page - 1) * INVOICES_PER_PAGE, page * INVOICES_PER_PAGE);
  const failed = issued.isError || paid.isError;
  return (
    <>
      <PageHeader />
      {failed && (
        <ErrorState
          error={issued.error ?? paid.error}
          title={t('invoice.listFailed')}
          onRetry={() => void Promise.all([issued.refetch(), paid.refetch()])}
          retrying={issued.isFetching || paid.isFetching}
        />
      )}
      <Paper withBorder radius="md" p="md">
        <Text size="sm" c="dimmed" mb="md">
          {t('invoice.choose')}
        </Text>
        <DataTable
          withTableBorder
          borderRadius="sm"
          // Neither striped nor highlighted: the invoice numbers are links, whose colour needs the white behind it (WCAG AA).
          minHeight={rows.length ? undefined : 180}
          records={shown}
          totalRecords={rows.length}
          recordsPerPage={INVOICES_PER_PAGE}
          page={page}
          onPageChange={setPage}
          paginationText={({ from, to, totalRecords: total }) => t('table.range', { from, to, total })}
          fetching={issued.isFetching || paid.isFetching}
          noRecordsText={t('invoice.none')}
          columns={[
            {
              accessor: 'invoiceNo',
              title: t('claims.invoiceNo'),
              render: (r) => (
                <AnchorLink to="/apps/invoicing/invoice" search={{ claim: r.id }} size="sm">
                  {r.invoiceNo}
                </AnchorLink>
              ),
            },
            { accessor: 'month', title: t('claims.month'), render: (r) => monthLabel(r.month, i18n.resolvedLanguage) },
            { accessor: 'contract', title: t('claims.contract'), render: (r) => `${r.contract.contractNo} · ${r.organization.name}` },
            { accessor: 'total', title: t('claims.total'), textAlign: 'right', noWrap: true, render: (r) => ringgit(r.total) },
            { accessor: 'status', title: t('claims.status'), render: (r) => <ClaimStatusBadge status={r.status} /> },
          ]}
        />
      </Paper>
    </>
  );
}

function Party({ label, party }: { label: string; party: InvoiceParty }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{party.name}</Text>
      <Text size="sm">{party.registrationNo}</Text>
      {party.address && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {party.address}
        </Text>
      )}
      {party.phone && <Text size="sm">{party.phone}</Text>}
      {party.email && <Text size="sm">{party.email}</Text>}
    </Stack>
  );
}

function InvoiceView({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const query = useQuery(claimQueries.detail(id));
  const back = (
    <ButtonLink to="/apps/invoicing/invoice" variant="default" leftSection={<IconArrowLeft size={16} />}>
      {t('invoice.allInvoices')}
    </ButtonLink>
  );

  if (query.isPending) {
    return <PageLoader />;
  }
  if (query.isError) {
    return (
      <Stack>
        <PageHeader />
        {httpStatusOf(query.error) === 404 ? (
          <Alert color="gray" title={t('invoice.notFound')}>
            {t('invoice.notFoundHint')}
          </Alert>
        ) : (
          <ErrorState
            error={query.error}
            title={t('invoice.loadFailed')}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        )}
        <Group>{back}</Group>
      </Stack>
    );
  }
  const record = query.data;
  if (record.status === 'draft' || !record.parties) {
    return (
      <Stack>
        <PageHeader />
        <Alert color="gray" title={t('invoice.draft')}>
          {t('invoice.draftHint')}
        </Alert>
        <Group>{back}</Group>
      </Stack>
    );
  }
  return <Invoice record={record as Issued} language={i18n.resolvedLanguage} back={back} />;
}

type Issued = ClaimRecordDetail & { parties: NonNullable<ClaimRecordDetail['parties']>; invoiceNo: string };

function Invoice({ record, language, back }: { record: Issued; language: string | undefined; back: ReactNode }) {
  const { t } = useTranslation();
  const { issuer, billTo } = record.parties;
  return (
    <>
      <Group justify="space-between" mb="md" className={classes.screenOnly}>
        {back}
        <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
          {t('invoice.print')}
        </Button>
      </Group>
      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'xl' }}
        className={classes.invoice}
        component="article"
        aria-labelledby="invoice-title"
      >
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="lg">
            <Party label={t('invoice.from')} party={issuer} />
            <Stack gap={4} align="flex-end">
              <Title order={1} size="h2" id="invoice-title">
                {t('invoice.title')}
              </Title>
              <Text fw={700}>{record.invoiceNo}</Text>
              <Text size="sm">{t('invoice.issuedOn', { day: dayLabel(record.issuedOn) })}</Text>
              <Text size="sm">{t('invoice.dueOn', { day: dayLabel(record.dueOn) })}</Text>
              {record.status === 'paid' ? (
                <Text c="teal.9" className={classes.stamp}>
                  {t('claims.statuses.paid')}
                </Text>
              ) : (
                <ClaimStatusBadge status={record.status} />
              )}
            </Stack>
          </Group>
          <Divider />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Party label={t('invoice.billTo')} party={billTo} />
            <Stack gap={2}>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                {t('invoice.for')}
              </Text>
              <Text fw={700}>{record.contract.contractNo}</Text>
              <Text size="sm">{record.contract.title}</Text>
              <Text size="sm">{t('invoice.period', { month: monthLabel(record.month, language) })}</Text>
            </Stack>
          </SimpleGrid>
          <Table.ScrollContainer minWidth={560}>
            <Table className={classes.lines} withTableBorder withColumnBorders aria-label={t('invoice.linesLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>{t('claims.refNo')}</Table.Th>
                  <Table.Th>{t('claims.offence')}</Table.Th>
                  <Table.Th>{t('claims.misconductOn')}</Table.Th>
                  <Table.Th ta="right">{t('claims.qty')}</Table.Th>
                  <Table.Th ta="right">{t('invoice.rate')}</Table.Th>
                  <Table.Th ta="right">{t('invoice.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {record.lines.map((line, i) => (
                  <Table.Tr key={line.complaintId}>
                    <Table.Td>{i + 1}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.refNo}</Table.Td>
                    <Table.Td>{line.typeOfOffence.name}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(line.dateOfMisconduct)}</Table.Td>
                    <Table.Td ta="right">{line.qty}</Table.Td>
                    <Table.Td ta="right">{formatMoney(line.rate)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(line.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={6} ta="right">
                    {t('invoice.total')}
                  </Table.Th>
                  <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {ringgit(record.total)}
                  </Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
          <Stack gap={4}>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed">
              {t('invoice.inWords')}
            </Text>
            <Text size="sm" lang="en">
              {amountInWords(record.total, 'en')}
            </Text>
            <Text size="sm" lang="ms">
              {amountInWords(record.total, 'ms')}
            </Text>
          </Stack>
          <Divider />
          {record.status === 'paid' ? (
            <Text size="sm">{t('invoice.paidWith', { day: dayLabel(record.paidOn), reference: record.paymentReference })}</Text>
          ) : (
            <Text size="sm">{t('invoice.payBy', { day: dayLabel(record.dueOn), invoiceNo: record.invoiceNo })}</Text>
          )}
          <Text size="xs" c="dimmed">
            {t('invoice.footer', { issuer: issuer.name })}
          </Text>
        </Stack>
      </Paper>
      <Text mt="md" size="xs" c="dimmed" className={classes.screenOnly}>
        {t('invoice.printHint')}
      </Text>
    </>
  );
}
