import { Badge, Group, Loader, Stack, Table, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuditEntity, AuditEvent } from '@contract';
import { ErrorState } from '@/components/error-state';
import { auditQueries } from '@/lib/audit-queries';
import { useAuditWords } from '@/lib/audit-words';
import { formatDateTime } from '@/lib/date-format';

/** The most a record's History tab shows; the Activity page has every event. */
const HISTORY_LIMIT = 50;

type Snapshot = Record<string, unknown> | null;

/** The fields a change touched, with their values before and after. */
export function changedFields(before: Snapshot, after: Snapshot): { field: string; before: unknown; after: unknown }[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((f) => f !== 'id');
  return fields
    .filter((field) => JSON.stringify(before?.[field]) !== JSON.stringify(after?.[field]))
    .map((field) => ({ field, before: before?.[field], after: after?.[field] }));
}

/** What one event changed, field by field. */
export function ChangeTable({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  const words = useAuditWords();
  const rows = changedFields(event.before, event.after);
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('audit.noFieldChanged')}
      </Text>
    );
  return (
    <Table withTableBorder fz="sm" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('audit.field')}</Table.Th>
          <Table.Th>{t('audit.before')}</Table.Th>
          <Table.Th>{t('audit.after')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.field}>
            <Table.Th scope="row" fw={500}>
              {words.fieldLabel(event, row.field)}
            </Table.Th>
            <Table.Td style={{ wordBreak: 'break-word' }}>{words.valueText(event, row.before, row.field)}</Table.Td>
            <Table.Td style={{ wordBreak: 'break-word' }}>{words.valueText(event, row.after, row.field)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A record's own audit events, newest first: who changed what, and when. */
export function RecordHistory({ entity, entityId }: { entity: AuditEntity; entityId: number }) {
  const { t } = useTranslation();
  const query = useQuery(auditQueries.page({ page: 1, limit: HISTORY_LIMIT, entity, entityId: String(entityId) }));
  if (query.isPending)
    return (
      <Group justify="center" p="lg">
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      </Group>
    );
  if (query.isError)
    return (
      <ErrorState error={query.error} title={t('audit.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  if (query.data.items.length === 0)
    return (
      <Text c="dimmed" size="sm" p="md">
        {t('audit.noHistory')}
      </Text>
    );
  return (
    <Timeline bulletSize={14} lineWidth={2} mt="sm">
      {query.data.items.map((event) => (
        <Timeline.Item
          key={event.id}
          title={
            <Group gap="xs">
              <Badge variant="light" color="gray">
                {t(`audit.actions.${event.action}`)}
              </Badge>
              <Text size="sm">{event.actor?.email ?? t('audit.system')}</Text>
            </Group>
          }
        >
          <Stack gap={6}>
            <Text size="xs" c="dimmed">
              {formatDateTime(event.at)}
            </Text>
            <ChangeTable event={event} />
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
