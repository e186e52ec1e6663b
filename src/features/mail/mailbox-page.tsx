import { ActionIcon, Alert, Badge, Button, Group, Paper, SegmentedControl, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye, IconMailForward } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAIL_STATES, type MailState } from '@contract/mail-fields';
import { menuItems } from '@contract/menu-items';
import type { MailMessage } from '@contract';
import { Modal } from '@/components/modal';
import { ErrorState } from '@/components/error-state';
import { ListTable, TableFilter } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { formatDateTime } from '@/lib/date-format';
import { readProblem } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useListSearch, type ListSearchProps } from '@/lib/use-list-search';
import { useMenuActions } from '@/lib/use-menu-actions';
import { mailQueries, useResendMail } from './api';
import type { MailSearch } from './list-url';

/** Kept grey, sent green, failed red: filled, dark enough for white text. */
const STATE_COLOR: Record<MailState, string> = { kept: 'gray.7', sent: 'green.9', failed: 'red.9' };

function StateBadge({ state }: { state: MailState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLOR[state]} variant="filled" data-state={state}>
      {t(`mail.states.${state}`)}
    </Badge>
  );
}

/** Sends a refused message again and says how it went. */
function ResendButton({ message, compact = false }: { message: MailMessage; compact?: boolean }) {
  const { t } = useTranslation();
  const resend = useResendMail();
  const run = () =>
    resend.mutate(message.id, {
      onSuccess: (after) =>
        after.state === 'failed'
          ? void toast.error(t('mail.stillRefused', { error: after.error ?? '' }))
          : void toast.success(t(after.state === 'sent' ? 'mail.resent' : 'mail.resentKept')),
      onError: async (error) => void toast.error((await readProblem(error))?.detail ?? t('mail.resendFailed')),
    });
  return compact ? (
    <Tooltip label={t('mail.resend')}>
      <ActionIcon
        variant="light"
        color="orange"
        aria-label={t('mail.resendOf', { subject: message.subject, to: message.to })}
        loading={resend.isPending}
        onClick={run}
      >
        <IconMailForward size={18} />
      </ActionIcon>
    </Tooltip>
  ) : (
    <Button leftSection={<IconMailForward size={16} />} color="orange" loading={resend.isPending} onClick={run}>
      {t('mail.resend')}
    </Button>
  );
}

/** One message as it was sent (its code masked), with its delivery for who reads every message. */
function MessageView({ id, withDelivery, canResend }: { id: number; withDelivery: boolean; canResend: boolean }) {
  const { t } = useTranslation();
  const query = useQuery(mailQueries.message(id));
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return <ErrorState error={query.error} title={t('mail.openFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const m = query.data;
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('mail.toLine', { to: m.to })}
        </Text>
        <Text size="sm" c="dimmed">
          · {formatDateTime(m.createdAt)}
        </Text>
        {withDelivery && <StateBadge state={m.state} />}
      </Group>
      {withDelivery && m.state === 'failed' && (
        <Alert color="red" variant="light" title={t('mail.refusedBy')}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {m.error}
          </Text>
        </Alert>
      )}
      <Paper withBorder p="md" radius="md" bg="var(--mantine-color-default-hover)">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="mail-text">
          {m.text}
        </Text>
      </Paper>
      <Text size="xs" c="dimmed">
        {t('mail.codesMasked')}
      </Text>
      {withDelivery && canResend && m.state === 'failed' && (
        <Group justify="flex-end">
          <ResendButton message={m} />
        </Group>
      )}
    </Stack>
  );
}

interface MailboxPageProps extends ListSearchProps<MailSearch> {
  /** The message open in the read view (`/apps/email/42`). */
  openId: number | undefined;
  onOpen: (id: number | undefined) => void;
}

/**
 * The mailbox: the messages the system sent to the caller (activation, codes, notices), each
 * readable with its code masked. Who manages users also sees every outgoing message with its
 * delivery (kept, sent, or refused with the SMTP server's words) and sends a refused one again.
 */
export function MailboxPage({ openId, onOpen, ...listSearch }: MailboxPageProps) {
  const { t } = useTranslation();
  const { search, onSearchChange } = listSearch;
  const userActions = useMenuActions(menuItems.user.url);
  const readsAll = userActions.has('view');
  const all = readsAll && search.all === true;
  const list = useListSearch<MailMessage, MailSearch>(listSearch, '');
  const query = useQuery(mailQueries.page({ ...search, all: all ? true : undefined }));

  return (
    <>
      <PageHeader>
        {readsAll && (
          <SegmentedControl
            value={all ? 'all' : 'own'}
            onChange={(value) => onSearchChange({ all: value === 'all' ? true : undefined, state: undefined })}
            data={[
              { value: 'own', label: t('mail.own') },
              { value: 'all', label: t('mail.all') },
            ]}
            aria-label={t('mail.whose')}
          />
        )}
      </PageHeader>
      {query.isError && (
        <ErrorState error={query.error} title={t('mail.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      )}
      <Paper withBorder radius="md" p="md">
        <TableFilter value={list.filter} onChange={list.setFilter}>
          {all && (
            <Select
              aria-label={t('mail.state')}
              placeholder={t('mail.anyState')}
              clearable
              data={MAIL_STATES.map((s) => ({ value: s, label: t(`mail.states.${s}`) }))}
              value={search.state ?? null}
              onChange={(value) => onSearchChange({ state: (value as MailState | null) ?? undefined })}
              w={{ base: '100%', sm: 180 }}
            />
          )}
        </TableFilter>
        <ListTable<MailMessage>
          records={query.data?.items ?? []}
          totalRecords={query.data?.pagination.totalRow ?? 0}
          fetching={query.isFetching}
          failed={query.isError}
          table={list.table}
          columns={[
            {
              accessor: 'subject',
              title: t('mail.subject'),
              render: (m) => (
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {m.subject}
                  </Text>
                  {all && (
                    <Text size="xs" c="dimmed">
                      {t('mail.toLine', { to: m.to })}
                    </Text>
                  )}
                </Stack>
              ),
            },
            { accessor: 'createdAt', title: t('mail.date'), noWrap: true, render: (m) => formatDateTime(m.createdAt) },
            ...(all
              ? [
                  {
                    accessor: 'state',
                    title: t('mail.state'),
                    render: (m: MailMessage) => (
                      <Stack gap={2} align="flex-start">
                        <StateBadge state={m.state} />
                        {m.error && (
                          <Text size="xs" c="red.9" lineClamp={2} maw={260}>
                            {m.error}
                          </Text>
                        )}
                      </Stack>
                    ),
                  },
                ]
              : []),
            {
              accessor: 'actions',
              title: t('complaints.action'),
              textAlign: 'center',
              render: (m) => (
                <Group gap={6} justify="center" wrap="nowrap">
                  <Tooltip label={t('mail.read')}>
                    <ActionIcon variant="light" aria-label={t('mail.readOf', { subject: m.subject })} onClick={() => onOpen(m.id)}>
                      <IconEye size={18} />
                    </ActionIcon>
                  </Tooltip>
                  {all && m.state === 'failed' && userActions.has('update') && <ResendButton message={m} compact />}
                </Group>
              ),
            },
          ]}
        />
      </Paper>
      <Modal opened={openId !== undefined} onClose={() => onOpen(undefined)} title={t('mail.messageTitle')} size="lg">
        {openId !== undefined && <MessageView id={openId} withDelivery={readsAll} canResend={userActions.has('update')} />}
      </Modal>
    </>
  );
}
