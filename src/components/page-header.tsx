import { Box, Group, Title } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SAVED_VIEW_PATHS, type SavedViewPath } from '@contract/saved-view-paths';
import { useRouteTitles } from './route-title';
import { lazyRetrying } from '@/lib/lazy-retrying';
import { LazyPart } from '@/components/part-load-boundary';

// Its own chunk: the views of a list come with their list.
const SavedViewsBar = lazyRetrying(() => import('./saved-views-bar'));

const isListPath = (path: string): path is SavedViewPath => (SAVED_VIEW_PATHS as readonly string[]).includes(path);

/** The current route's title as the page heading, with optional actions beside it; a list's saved views under it. */
export function PageHeader({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const titles = useRouteTitles();
  const current = titles.at(-1);
  const path = useRouterState({ select: (s) => s.location.pathname });
  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1} size="h3">
          {current ? t(current.key) : ''}
        </Title>
        {children}
      </Group>
      {isListPath(path) && (
        <LazyPart fallback={<Box h={26} mb="md" />}>
          <SavedViewsBar path={path} />
        </LazyPart>
      )}
    </>
  );
}
