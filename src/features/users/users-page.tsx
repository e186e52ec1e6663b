import { ActionIcon, Badge, Button, Group, Paper, Select, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconCircleOff, IconKey, IconMailForward, IconPencil, IconShieldOff, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@contract';
import { ConfirmModal } from '@/components/confirm-modal';
import { ErrorState } from '@/components/error-state';
import { FormModal } from '@/components/form-modal';
import { ListTable, TableFilter } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { useChoices } from '@/lib/catalogue-queries';
import { toast } from '@/lib/toast';
import { useListSearch, type ListSearchProps } from '@/lib/use-list-search';
import { useMenuActions } from '@/lib/use-menu-actions';
import { useRootStore } from '@/stores/root-store';
import { userQueries, useUserMutations, USERS_SORT } from './api';
import { USERS_URL, type UsersSearch } from './list-url';
import { RecordHistory } from '@/components/record-history-lazy';
import { lazyRetrying } from '@/lib/lazy-retrying';

// The forms come with the first one opened (FormModal waits for them).
const EditUserForm = lazyRetrying(() => import('./user-forms').then((m) => ({ default: m.EditUserForm })));
const InviteUserForm = lazyRetrying(() => import('./user-forms').then((m) => ({ default: m.InviteUserForm })));

const STATUS_COLOR = { pending: 'yellow', active: 'green', disabled: 'gray' } as const;

/** Users: invite, change type and persona, disable or enable, resend an invitation, mail a reset code. */
export function UsersPage(listSearch: ListSearchProps<UsersSearch>) {
  const { t } = useTranslation();
  const { search, onSearchChange } = listSearch;
  const actions = useMenuActions(USERS_URL);
  const list = useListSearch<AdminUser, UsersSearch>(listSearch, USERS_SORT);
  const query = useQuery(userQueries.page(search));
  const mutations = useUserMutations();
  const userTypes = useChoices('user-types');
  const organizations = useChoices('organizations');
  const [editing, setEditing] = useState<AdminUser | 'new' | null>(null);
  const [disabling, setDisabling] = useState<AdminUser | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const myId = useRootStore((s) => s.auth.user?.id);
  const canCreate = actions.has('create');
  const canUpdate = actions.has('update');

  async function run(job: () => Promise<unknown>, success: string) {
    try {
      await job();
      setDisabling(null);
      setResetting(null);
      void toast.success(success);
    } catch (failed) {
      const failure = await readFailure(failed);
      void toast.error(commonFailureMessage(failure, t, failure.problem?.detail ?? t('users.saveFailed')));
    }
  }
  const setStatus = (user: AdminUser, status: 'active' | 'disabled') =>
    run(
      () => mutations.update.mutateAsync({ id: user.id, changes: { status } }),
      t(status === 'active' ? 'users.enabled' : 'users.disabled', { email: user.email }),
    );

  const close = () => setEditing(null);
  return (
    <>
      <PageHeader>
        {canCreate && (
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setEditing('new')}>
            {t('users.invite')}
          </Button>
        )}
      </PageHeader>
      {query.isError && (
        <ErrorState error={query.error} title={t('users.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      )}
      <Paper withBorder radius="md" p="md">
        <TableFilter value={list.filter} onChange={list.setFilter} />
        <Group mb="md" gap="sm" align="flex-end">
          <Select
            label={t('users.status')}
            placeholder={t('catalogue.everyOne')}
            clearable
            data={(['pending', 'active', 'disabled'] as const).map((s) => ({ value: s, label: t(`users.statuses.${s}`) }))}
            value={search.status ?? null}
            onChange={(value) => onSearchChange({ status: (value as UsersSearch['status']) ?? undefined })}
            w={180}
          />
          <Select
            label={t('users.userType')}
            placeholder={t('catalogue.everyOne')}
            clearable
            data={userTypes.options(search.type)}
            value={search.type ? String(search.type) : null}
            onChange={(value) => onSearchChange({ type: value ? Number(value) : undefined })}
            w={220}
          />
          <Select
            label={t('users.organization')}
            placeholder={t('catalogue.everyOne')}
            clearable
            searchable
            data={organizations.options(search.organization)}
            value={search.organization ? String(search.organization) : null}
            onChange={(value) => onSearchChange({ organization: value ? Number(value) : undefined })}
            w={260}
          />
        </Group>
        <ListTable<AdminUser>
          records={query.data?.items ?? []}
          totalRecords={query.data?.pagination.totalRow ?? 0}
          fetching={query.isFetching}
          failed={query.isError}
          table={list.table}
          columns={[
            {
              accessor: 'email',
              title: t('users.user'),
              sortable: true,
              render: (u) => (
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {u.fullName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {u.email}
                  </Text>
                </Stack>
              ),
            },
            { accessor: 'userType', title: t('users.userType'), render: (u) => u.userType.name },
            {
              accessor: 'organization',
              title: t('users.organization'),
              render: (u) => organizations.nameOf(u.userProfile.organizationId) ?? '—',
            },
            {
              accessor: 'status',
              title: t('users.status'),
              sortable: true,
              noWrap: true,
              render: (u) => (
                <Badge color={STATUS_COLOR[u.status]} variant="dot" styles={{ label: { overflow: 'visible' } }}>
                  {u.pendingKind ? t(`users.pendingKinds.${u.pendingKind}`) : t(`users.statuses.${u.status}`)}
                </Badge>
              ),
            },
            {
              accessor: 'actions',
              title: t('complaints.action'),
              textAlign: 'center',
              hidden: !canUpdate,
              render: (u) => (
                <Group gap={4} justify="center" wrap="nowrap">
                  <Tooltip label={t('common.edit')}>
                    <ActionIcon variant="light" aria-label={t('catalogue.editOf', { name: u.email })} onClick={() => setEditing(u)}>
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                  {u.status !== 'pending' && u.id !== myId && (
                    // No one disables their own account (the API refuses it too).
                    <Tooltip label={u.status === 'active' ? t('users.disable') : t('users.enable')}>
                      <ActionIcon
                        variant="light"
                        color={u.status === 'active' ? 'orange' : 'green'}
                        aria-label={t(u.status === 'active' ? 'users.disableOf' : 'users.enableOf', { email: u.email })}
                        onClick={() => (u.status === 'active' ? setDisabling(u) : void setStatus(u, 'active'))}
                      >
                        {u.status === 'active' ? <IconCircleOff size={18} /> : <IconCircleCheck size={18} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {u.pendingKind === 'invitation' && (
                    <Tooltip label={t('users.resend')}>
                      <ActionIcon
                        variant="light"
                        aria-label={t('users.resendOf', { email: u.email })}
                        onClick={() => void run(() => mutations.resend.mutateAsync(u.id), t('users.resent', { email: u.email }))}
                      >
                        <IconMailForward size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {u.status === 'active' && (
                    <Tooltip label={t('users.sendReset')}>
                      <ActionIcon
                        variant="light"
                        aria-label={t('users.sendResetOf', { email: u.email })}
                        onClick={() => void run(() => mutations.passwordReset.mutateAsync(u.id), t('users.resetSent', { email: u.email }))}
                      >
                        <IconKey size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {u.status === 'active' && u.id !== myId && (
                    <Tooltip label={t('users.resetTwoFactor')}>
                      <ActionIcon
                        variant="light"
                        color="orange"
                        aria-label={t('users.resetTwoFactorOf', { email: u.email })}
                        onClick={() => setResetting(u)}
                      >
                        <IconShieldOff size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              ),
            },
          ]}
        />
      </Paper>
      <FormModal editing={editing} onClose={close} title={(current) => (current ? t('users.editTitle') : t('users.inviteTitle'))} size="lg">
        {(current) =>
          current ? (
            <Tabs defaultValue="details" keepMounted={false}>
              <Tabs.List mb="md">
                <Tabs.Tab value="details">{t('catalogue.details')}</Tabs.Tab>
                <Tabs.Tab value="history">{t('audit.history')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="details">
                <EditUserForm user={current} mutations={mutations} onDone={close} />
              </Tabs.Panel>
              <Tabs.Panel value="history">
                <RecordHistory entity="user" entityId={current.id} />
              </Tabs.Panel>
            </Tabs>
          ) : (
            <InviteUserForm mutations={mutations} onDone={close} />
          )
        }
      </FormModal>
      <ConfirmModal
        opened={disabling !== null}
        title={t('users.disableTitle')}
        confirmLabel={t('users.disable')}
        color="orange"
        loading={mutations.update.isPending}
        onConfirm={() => void setStatus(disabling!, 'disabled')}
        onClose={() => setDisabling(null)}
      >
        {disabling && t('users.disableConfirm', { email: disabling.email })}
      </ConfirmModal>
      <ConfirmModal
        opened={resetting !== null}
        title={t('users.resetTwoFactorTitle')}
        confirmLabel={t('users.resetTwoFactor')}
        color="orange"
        loading={mutations.twoFactorReset.isPending}
        onConfirm={() =>
          void run(() => mutations.twoFactorReset.mutateAsync(resetting!.id), t('users.twoFactorResetDone', { email: resetting!.email }))
        }
        onClose={() => setResetting(null)}
      >
        {resetting && t('users.resetTwoFactorConfirm', { email: resetting.email })}
      </ConfirmModal>
    </>
  );
}
