import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconBookmarkPlus, IconUsers, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { Suspense, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedViewPath } from '@contract/saved-view-paths';
import type { SavedView } from '@contract/saved-views';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { createSavedView, deleteSavedView, savedViewQueries } from '@/lib/saved-views-queries';

// The form comes when it is asked for.
const SaveViewDialog = lazyRetrying(() => import('./save-view-dialog'));
import { toast } from '@/lib/toast';
import { undoableToast } from '@/lib/undo-toast';
import { lazyRetrying } from '@/lib/lazy-retrying';

/** A record opened over the list (History's `detail`, a claim record's `open`) is not part of its view. */
const OPENED_RECORD = ['detail', 'open'];

/** The list's view in a URL query: the same query without the record opened over it (`?status=2&detail=9` → `?status=2`). */
export function viewOf(searchStr: string) {
  // By its parts as written, so the rest keeps the router's own encoding.
  const rest = searchStr
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '' && !OPENED_RECORD.includes(part.split('=')[0]!));
  return rest.length > 0 ? `?${rest.join('&')}` : '';
}

/**
 * Above a list: its saved views, each a link to the URL it is (so it can be shared as one), the
 * one shown now marked; the current view saved under a name, for oneself or (who may change the
 * matrix) for a user type; one's own deleted at once, with Undo.
 */
export default function SavedViewsBar({ path }: { path: SavedViewPath }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const search = viewOf(useRouterState({ select: (s) => s.location.searchStr }));
  const views = useQuery(savedViewQueries.list());
  const [saving, setSaving] = useState(false);
  const shown = (views.data ?? []).filter((view) => view.path === path);
  const refresh = () => queryClient.invalidateQueries({ queryKey: savedViewQueries.all() });

  async function remove(view: SavedView) {
    try {
      await deleteSavedView(view.id);
      await refresh();
      undoableToast({
        message: t('savedViews.deleted', { name: view.name }),
        commit: () => {},
        undo: () =>
          void createSavedView({ name: view.name, path: view.path, search: view.search, userTypeId: view.userType?.id ?? null }).then(
            refresh,
          ),
      });
    } catch (failed) {
      void toast.error(commonFailureMessage(await readFailure(failed), t, t('savedViews.deleteFailed')));
    }
  }

  return (
    <Group gap="xs" mb="md" wrap="wrap" role="group" aria-label={t('savedViews.label')}>
      <Text size="sm" fw={600} c="dimmed">
        {t('savedViews.label')}
      </Text>
      {shown.map((view) => {
        const current = view.search === search;
        return (
          <Group key={view.id} gap={2} wrap="nowrap" maw="100%">
            <Button
              // A name wider than the screen is cut: whole on hover, in the menu, and as the link's name.
              miw={0}
              component="a"
              href={`${path}${view.search}`}
              size="compact-sm"
              variant={current ? 'filled' : 'light'}
              aria-current={current ? 'page' : undefined}
              leftSection={view.userType ? <IconUsers size={14} aria-hidden /> : undefined}
              title={view.userType ? t('savedViews.sharedWith', { userType: view.userType.name }) : undefined}
              onClick={(event: MouseEvent) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                event.preventDefault();
                void navigate({ href: `${path}${view.search}` });
              }}
            >
              <Text span inherit truncate="end" title={view.name}>
                {view.name}
              </Text>
            </Button>
            {view.deletable && (
              <Tooltip label={t('savedViews.delete')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={t('savedViews.deleteOf', { name: view.name })}
                  onClick={() => void remove(view)}
                >
                  <IconX size={14} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        );
      })}
      <Button size="compact-sm" variant="subtle" leftSection={<IconBookmarkPlus size={14} />} onClick={() => setSaving(true)}>
        {t('savedViews.save')}
      </Button>
      {saving && (
        <Suspense fallback={null}>
          <SaveViewDialog path={path} search={search} onClose={() => setSaving(false)} onSaved={refresh} />
        </Suspense>
      )}
    </Group>
  );
}
