import { Alert, Badge, Button, Grid, Group, List, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuItemKey } from '@contract/menu-items';
import type { PrivilegeAction, PrivilegeMatrix } from '@contract';
import { menuOf } from '@domain/access';
import { Modal } from '@/components/modal';
import { ConfirmModal } from '@/components/confirm-modal';
import { ErrorState } from '@/components/error-state';
import { FormAlert } from '@/components/form-alert';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { toast } from '@/lib/toast';
import { useMenuActions } from '@/lib/use-menu-actions';
import { useMenuLabels } from '@/lib/use-menu-labels';
import { useReportUnsaved } from '@/lib/unsaved-scope';
import { useRootStore } from '@/stores/root-store';
import { privilegeQueries, useSaveRows, type Rows } from './api';
import { MatrixGrid } from './matrix-grid';

export const MATRIX_URL = '/manage-user/matrix-privilage';

/** Each cell that differs between what is saved and the draft. */
export function changesOf(saved: Rows, draft: Rows, actions: readonly PrivilegeAction[]) {
  const ids = [...new Set([...Object.keys(saved), ...Object.keys(draft)])];
  return ids.flatMap((id) =>
    actions.flatMap((action) => {
      const was = saved[id]?.includes(action) ?? false;
      const is = draft[id]?.includes(action) ?? false;
      return was === is ? [] : [{ itemId: id, action, granted: is }];
    }),
  );
}

/** Matrix Privilege: one user type's privileges at a time, reviewed before they are saved. */
export function MatrixPage({ userTypeId, onUserTypeChange }: { userTypeId: number | undefined; onUserTypeChange: (id: number) => void }) {
  const { t } = useTranslation();
  const query = useQuery(privilegeQueries.matrix());
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <ErrorState error={query.error} title={t('matrix.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  const type = query.data.userTypes.find((u) => u.id === userTypeId) ?? query.data.userTypes[0]!;
  // A fresh draft for each user type and each version of the matrix.
  return (
    <MatrixEditor
      key={`${type.id}:${query.data.version}`}
      matrix={query.data}
      userTypeId={type.id}
      onUserTypeChange={onUserTypeChange}
      onReload={() => void query.refetch()}
    />
  );
}

interface EditorProps {
  matrix: PrivilegeMatrix;
  userTypeId: number;
  onUserTypeChange: (id: number) => void;
  onReload: () => void;
}

function MatrixEditor({ matrix, userTypeId, onUserTypeChange, onReload }: EditorProps) {
  const { t } = useTranslation();
  const { itemLabel, groupLabel } = useMenuLabels();
  const canUpdate = useMenuActions(MATRIX_URL).has('update');
  const saved = matrix.grants[String(userTypeId)] ?? {};
  const [draft, setDraft] = useState<Rows>(saved);
  const [reviewing, setReviewing] = useState(false);
  const [switchTo, setSwitchTo] = useState<number | null>(null);
  const [stale, setStale] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveRows();
  const changes = changesOf(saved, draft, matrix.actions);
  // Leaving the screen or reloading with changes not saved asks first.
  useReportUnsaved(changes.length > 0);
  const items = matrix.groups.flatMap((g) => g.items);
  // One's own user type keeps seeing and changing this screen: no one locks themselves out.
  const ownType = useRootStore((s) => s.auth.user?.userType.id) === userTypeId;
  const matrixItem = items.find((i) => i.url === MATRIX_URL);
  const isLocked = (item: { id: number }, action: PrivilegeAction) =>
    ownType && item.id === matrixItem?.id && (action === 'view' || action === 'update');
  const change = (rows: Rows) => {
    if (!ownType || !matrixItem) return setDraft(rows);
    const id = String(matrixItem.id);
    const kept = new Set([...(rows[id] ?? []), 'view', 'update']);
    setDraft({ ...rows, [id]: matrix.actions.filter((a) => kept.has(a)) });
  };
  const itemName = (id: string) => {
    const item = items.find((i) => String(i.id) === id)!;
    return itemLabel(item.url, item.name);
  };

  // What this user type's sidebar would be with the draft.
  const byKey = Object.fromEntries(items.filter((i) => draft[String(i.id)]).map((i) => [menuItemKey(i), draft[String(i.id)]!]));
  const preview = menuOf(
    matrix.groups.map((g) => ({ name: g.name, icon: '', menuItems: g.items.map(({ name, url }) => ({ name, url })) })),
    byKey,
  );

  async function submit() {
    setError(null);
    try {
      await save.mutateAsync({ userTypeId, version: matrix.version, grants: draft });
      setReviewing(false);
      void toast.success(t('matrix.saved', { name: matrix.userTypes.find((u) => u.id === userTypeId)!.name }));
    } catch (failed) {
      const failure = await readFailure(failed);
      if (failure.problem?.code === 'matrixStale') {
        setReviewing(false);
        setStale(true);
      } else setError(commonFailureMessage(failure, t, failure.problem?.detail ?? t('matrix.saveFailed')));
    }
  }

  return (
    <>
      <PageHeader>
        {canUpdate && (
          <Group gap="sm">
            <Badge
              size="lg"
              variant="dot"
              color={changes.length ? 'orange' : 'gray'}
              role="status"
              styles={{ label: { overflow: 'visible' } }}
            >
              {t('matrix.unsaved', { count: changes.length })}
            </Badge>
            <Button variant="default" disabled={!changes.length} onClick={() => setDraft(saved)}>
              {t('matrix.discard')}
            </Button>
            <Button disabled={!changes.length} onClick={() => setReviewing(true)}>
              {t('matrix.review')}
            </Button>
          </Group>
        )}
      </PageHeader>
      {stale && (
        <Alert color="orange" title={t('matrix.staleTitle')} mb="md" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('matrix.staleText')}</Text>
            <Button size="xs" onClick={onReload}>
              {t('matrix.reload')}
            </Button>
          </Stack>
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <Paper withBorder radius="md" p="md">
            <Select
              label={t('matrix.userType')}
              data={matrix.userTypes.map((u) => ({ value: String(u.id), label: u.name }))}
              value={String(userTypeId)}
              allowDeselect={false}
              onChange={(value) => value && (changes.length ? setSwitchTo(Number(value)) : onUserTypeChange(Number(value)))}
              w={300}
              maw="100%"
              mb="md"
            />
            <MatrixGrid
              matrix={matrix}
              rows={draft}
              onChange={change}
              locked={isLocked}
              disabled={!canUpdate}
              itemLabel={(i) => itemLabel(i.url, i.name)}
              groupLabel={groupLabel}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <Paper withBorder radius="md" p="md">
            <Title order={2} size="h5" mb="xs">
              {t('matrix.preview')}
            </Title>
            <Text size="xs" c="dimmed" mb="sm">
              {t('matrix.previewHint')}
            </Text>
            {preview.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('matrix.previewEmpty')}
              </Text>
            ) : (
              <Stack gap="xs">
                {preview.map((group) => (
                  <div key={group.name}>
                    <Text size="sm" fw={700}>
                      {groupLabel(group.name)}
                    </Text>
                    <List size="sm" spacing={2}>
                      {group.menuItems.map((item) => (
                        <List.Item key={item.url}>{itemLabel(item.url, item.name)}</List.Item>
                      ))}
                    </List>
                  </div>
                ))}
              </Stack>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
      <Modal opened={reviewing} onClose={() => setReviewing(false)} title={t('matrix.reviewTitle')} size="lg">
        <Stack gap="md">
          <FormAlert message={error} />
          <Text size="sm">{t('matrix.reviewText', { name: matrix.userTypes.find((u) => u.id === userTypeId)!.name })}</Text>
          <List size="sm" spacing={4}>
            {changes.map((c) => (
              <List.Item key={`${c.itemId}:${c.action}`}>
                <Text span size="sm" c={c.granted ? 'teal.9' : 'red.9'} fw={600}>
                  {c.granted ? t('matrix.granted') : t('matrix.revoked')}
                </Text>{' '}
                {itemName(c.itemId)} · {t(`matrix.actions.${c.action}`)}
              </List.Item>
            ))}
          </List>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setReviewing(false)}>
              {t('common.cancel')}
            </Button>
            <Button loading={save.isPending} onClick={() => void submit()}>
              {t('matrix.save', { count: changes.length })}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmModal
        opened={switchTo !== null}
        title={t('matrix.discardTitle')}
        confirmLabel={t('matrix.discard')}
        color="orange"
        onConfirm={() => {
          onUserTypeChange(switchTo!);
          setSwitchTo(null);
        }}
        onClose={() => setSwitchTo(null)}
      >
        {t('matrix.discardText', { count: changes.length })}
      </ConfirmModal>
    </>
  );
}
