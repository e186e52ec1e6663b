import { Badge, Button, Code, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCash, IconFileInvoice, IconRefresh, IconSend, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { claimAllows } from '@contract/claim-record-fields';
import { menuItems } from '@contract/menu-items';
import { apiPaths } from '@contract/paths';
import { ConfirmModal } from '@/components/confirm-modal';
import { CARDS_QUERY } from '@/components/list-table';
import { GuardedModal } from '@/components/guarded-modal';
import { ErrorState } from '@/components/error-state';
import { PageLoader } from '@/components/page-loader';
import { ExportButton } from '@/components/export-button';
import { ButtonLink } from '@/components/router-links';
import { readFailure } from '@/lib/api-failure';
import { httpStatusOf } from '@/lib/api-error';
import { formatDate, formatDateTime } from '@/lib/date-format';
import { formatMoney } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useMenuActions } from '@/lib/use-menu-actions';
import { claimQueries, type useClaimMutations } from './api';
import { PayClaimForm } from './claim-forms';
import { ClaimStatusBadge } from './claim-status-badge';
import { claimFailureMessage, dayLabel, monthLabel, ringgit } from './claim-words';

interface ClaimDetailProps {
  id: number;
  mutations: ReturnType<typeof useClaimMutations>;
  /** What the matrix lets the caller do on Claim Record. */
  canUpdate: boolean;
  canDelete: boolean;
  onClose: () => void;
}

type Asking = 'issue' | 'delete' | 'pay' | null;

/** One claim record: what it bills and how each line was priced, and the moves its status allows. */
export function ClaimDetail({ id, mutations, canUpdate, canDelete, onClose }: ClaimDetailProps) {
  const { t, i18n } = useTranslation();
  const query = useQuery(claimQueries.detail(id));
  const [asking, setAsking] = useState<Asking>(null);
  const language = i18n.resolvedLanguage;
  // The invoice is a screen of its own, which the matrix may not open to the caller (a verifier).
  const readsInvoices = useMenuActions(menuItems.invoice.url).has('view');
  const phone = useMediaQuery(CARDS_QUERY);

  if (query.isPending) {
    return <PageLoader />;
  }
  if (query.isError) {
    return httpStatusOf(query.error) === 404 ? (
      <Text>{t('claims.gone')}</Text>
    ) : (
      <ErrorState error={query.error} title={t('claims.detailFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  const record = query.data;
  const context = { contractNo: record.contract.contractNo, month: record.month, language };

  async function run(move: 'refresh' | 'issue' | 'delete') {
    try {
      if (move === 'delete') {
        await mutations.remove.mutateAsync(record.id);
        void toast.success(t('claims.deleted', { month: monthLabel(record.month, language), contractNo: record.contract.contractNo }));
        onClose();
        return;
      }
      const after = await mutations[move].mutateAsync(record.id);
      setAsking(null);
      void toast.success(
        move === 'issue'
          ? t('claims.issued', { invoiceNo: after.invoiceNo })
          : t('claims.refreshed', { count: after.lineCount, total: ringgit(after.total) }),
      );
    } catch (failed) {
      setAsking(null);
      void toast.error(claimFailureMessage(await readFailure(failed), t, context, t('claims.moveFailed')));
    }
  }

  const expressions = [...new Set(record.lines.map((l) => l.expression))];
  const linesLabel = t('claims.linesOf', { month: monthLabel(record.month, language) });
  const isDraft = record.status === 'draft';
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text fw={600}>
            {record.contract.contractNo} · {record.contract.title}
          </Text>
          <Text size="sm" c="dimmed">
            {record.organization.name} · {monthLabel(record.month, language)}
          </Text>
        </Stack>
        <ClaimStatusBadge status={record.status} />
      </Group>

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Fact label={t('claims.total')} value={ringgit(record.total)} strong />
        <Fact label={t('claims.lines')} value={String(record.lineCount)} />
        <Fact label={t('claims.invoiceNo')} value={record.invoiceNo ?? '—'} />
        <Fact label={t('claims.createdAt')} value={formatDateTime(record.createdAt)} />
        {!isDraft && <Fact label={t('claims.issuedOn')} value={dayLabel(record.issuedOn)} />}
        {!isDraft && <Fact label={t('claims.dueOn')} value={dayLabel(record.dueOn)} />}
        {record.status === 'paid' && <Fact label={t('claims.paidOn')} value={dayLabel(record.paidOn)} />}
        {record.status === 'paid' && <Fact label={t('claims.reference')} value={record.paymentReference ?? '—'} />}
      </SimpleGrid>

      <Group gap="sm">
        {claimAllows(record.status, 'refresh') && canUpdate && (
          <>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              loading={mutations.refresh.isPending}
              onClick={() => void run('refresh')}
            >
              {t('claims.refresh')}
            </Button>
            <Button leftSection={<IconSend size={16} />} disabled={record.lineCount === 0} onClick={() => setAsking('issue')}>
              {t('claims.issue')}
            </Button>
          </>
        )}
        {claimAllows(record.status, 'delete') && canDelete && (
          <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => setAsking('delete')}>
            {t('common.delete')}
          </Button>
        )}
        {claimAllows(record.status, 'pay') && canUpdate && (
          <Button leftSection={<IconCash size={16} />} onClick={() => setAsking('pay')}>
            {t('claims.markPaid')}
          </Button>
        )}
        {!isDraft && readsInvoices && (
          <ButtonLink
            to="/apps/invoicing/invoice"
            search={{ claim: record.id }}
            variant="light"
            leftSection={<IconFileInvoice size={16} />}
          >
            {t('claims.viewInvoice')}
          </ButtonLink>
        )}
        <ExportButton path={apiPaths.claimRecordCsv(record.id)} searchParams={{}} fileName={`claim-${record.invoiceNo ?? record.id}.csv`} />
      </Group>

      {expressions.length === 1 && (
        <Text size="sm">
          {t('claims.pricedBy')} <Code>{expressions[0]}</Code>
        </Text>
      )}
      {phone ? (
        // On a phone each line is a card: nothing runs off the screen.
        <Stack gap="xs">
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={linesLabel}>
            {record.lines.length === 0 && (
              <Text component="li" size="sm" c="dimmed" ta="center" py="md">
                {t('claims.noLines')}
              </Text>
            )}
            {record.lines.map((line) => (
              <Paper component="li" key={line.complaintId} withBorder radius="sm" p="xs">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={600}>
                    {line.refNo}
                  </Text>
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(line.amount)}
                  </Text>
                </Group>
                <Text size="sm">
                  {line.typeOfOffence.name} · {formatDate(line.dateOfMisconduct)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('claims.qty')} {line.qty} · {t('claims.rate')} {formatMoney(line.rate)} · {t('claims.repeatCount')} {line.repeatCount}
                </Text>
                {expressions.length > 1 && <Code>{line.expression}</Code>}
              </Paper>
            ))}
          </Stack>
          {record.lines.length > 0 && (
            <Group justify="space-between" px="xs">
              <Text fw={700}>{t('claims.total')}</Text>
              <Text fw={700}>{ringgit(record.total)}</Text>
            </Group>
          )}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder aria-label={linesLabel}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('claims.refNo')}</Table.Th>
                <Table.Th>{t('claims.offence')}</Table.Th>
                <Table.Th>{t('claims.misconductOn')}</Table.Th>
                <Table.Th ta="right">{t('claims.qty')}</Table.Th>
                <Table.Th ta="right">{t('claims.rate')}</Table.Th>
                <Table.Th ta="right">{t('claims.repeatCount')}</Table.Th>
                {expressions.length > 1 && <Table.Th>{t('claims.formula')}</Table.Th>}
                <Table.Th ta="right">{t('claims.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {record.lines.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={8}>
                    <Text size="sm" c="dimmed" ta="center" py="md">
                      {t('claims.noLines')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {record.lines.map((line) => (
                <Table.Tr key={line.complaintId}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.refNo}</Table.Td>
                  <Table.Td>{line.typeOfOffence.name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(line.dateOfMisconduct)}</Table.Td>
                  <Table.Td ta="right">{line.qty}</Table.Td>
                  <Table.Td ta="right">{formatMoney(line.rate)}</Table.Td>
                  <Table.Td ta="right">
                    {line.repeatCount > 0 ? (
                      <Badge variant="outline" color="orange.9" size="sm">
                        {line.repeatCount}
                      </Badge>
                    ) : (
                      0
                    )}
                  </Table.Td>
                  {expressions.length > 1 && (
                    <Table.Td>
                      <Code>{line.expression}</Code>
                    </Table.Td>
                  )}
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(line.amount)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            {record.lines.length > 0 && (
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={expressions.length > 1 ? 7 : 6}>{t('claims.total')}</Table.Th>
                  <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {ringgit(record.total)}
                  </Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </Table.ScrollContainer>
      )}

      {/* Its own dialog over the record's detail, named for what it does. */}
      <GuardedModal opened={asking === 'pay'} onClose={() => setAsking(null)} title={t('claims.payTitle', { invoiceNo: record.invoiceNo })}>
        {asking === 'pay' && (
          <PayClaimForm
            record={record}
            pay={mutations.pay}
            onPaid={() => {
              setAsking(null);
              void toast.success(t('claims.paid', { invoiceNo: record.invoiceNo }));
            }}
            onCancel={() => setAsking(null)}
          />
        )}
      </GuardedModal>
      <ConfirmModal
        opened={asking === 'issue'}
        title={t('claims.issueTitle')}
        confirmLabel={t('claims.issue')}
        color="indigo"
        loading={mutations.issue.isPending}
        onConfirm={() => void run('issue')}
        onClose={() => setAsking(null)}
      >
        {t('claims.issueConfirm', {
          contractNo: record.contract.contractNo,
          month: monthLabel(record.month, language),
          total: ringgit(record.total),
        })}
      </ConfirmModal>
      <ConfirmModal
        opened={asking === 'delete'}
        title={t('claims.deleteTitle')}
        confirmLabel={t('common.delete')}
        color="red"
        loading={mutations.remove.isPending}
        onConfirm={() => void run('delete')}
        onClose={() => setAsking(null)}
      >
        {t('claims.deleteConfirm', { contractNo: record.contract.contractNo, month: monthLabel(record.month, language) })}
      </ConfirmModal>
    </Stack>
  );
}

function Fact({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500}>
        {value}
      </Text>
    </Stack>
  );
}
