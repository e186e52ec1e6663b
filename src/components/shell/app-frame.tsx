import { ActionIcon, AppShell, Burger, Group, ScrollArea, Text, Tooltip } from '@mantine/core';
import { useMediaQuery, useWindowScroll } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarRight } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useRootStore } from '@/stores/root-store';
import { AppBreadcrumbs } from './app-breadcrumbs';
import classes from './app-frame.module.css';
import { LazyPart } from '@/components/part-load-boundary';

export const SIDEBAR_WIDTH = 260;
export const SIDEBAR_NARROW_WIDTH = 68;

interface AppFrameProps {
  /** Right side of the header: bell, language, account. */
  headerActions: ReactNode;
  /** The navigation the sidebar holds. */
  sidebar: ReactNode;
  /** The aside's content, rendered only while it is open. */
  aside: ReactNode;
  children: ReactNode;
}

/** The signed-in shell of SPEC §1: header, collapsible sidebar, breadcrumbs, footer, aside. */
export function AppFrame({ headerActions, sidebar, aside, children }: AppFrameProps) {
  const { t } = useTranslation();
  const [scroll] = useWindowScroll();
  const { sidebarShow, sidebarUnfoldable, asideShow } = useRootStore(
    useShallow((s) => ({
      sidebarShow: s.dashboard.sidebarShow,
      sidebarUnfoldable: s.dashboard.sidebarUnfoldable,
      asideShow: s.dashboard.asideShow,
    })),
  );
  const setDashboard = useRootStore((s) => s.setDashboard);
  const scrolled = scroll.y > 0;
  // On a phone the sidebar covers the page: it starts closed and closes after each move,
  // without touching the desktop preference kept in app state.
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [phoneMenuOpenAt, setPhoneMenuOpenAt] = useState<string | null>(null);
  const phoneMenuOpen = phoneMenuOpenAt === pathname;
  const menuOpen = isPhone ? phoneMenuOpen : sidebarShow;
  const toggleMenu = () => (isPhone ? setPhoneMenuOpenAt(phoneMenuOpen ? null : pathname) : setDashboard('sidebarShow', !sidebarShow));

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: sidebarUnfoldable ? SIDEBAR_NARROW_WIDTH : SIDEBAR_WIDTH,
        breakpoint: 'sm',
        collapsed: { mobile: !phoneMenuOpen, desktop: !sidebarShow },
      }}
      aside={{ width: 320, breakpoint: 'md', collapsed: { mobile: !asideShow, desktop: !asideShow } }}
      footer={{ height: 44 }}
      padding="lg"
    >
      <AppShell.Header className={`${classes.header} ${classes.noPrint}`} data-scrolled={scrolled || undefined}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={menuOpen} onClick={toggleMenu} aria-label={t('shell.toggleSidebar')} aria-expanded={menuOpen} size="sm" />
            <Text component={Link} to="/dashboard" fw={700} size="lg" className={classes.brand} visibleFrom="xs">
              {t('app.name')}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            {headerActions}
            <Tooltip label={t('shell.toggleAside')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t('shell.toggleAside')}
                aria-pressed={asideShow}
                onClick={() => setDashboard('asideShow', !asideShow)}
              >
                <IconLayoutSidebarRight size={20} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        className={`${classes.navbar} ${classes.noPrint}`}
        data-narrow={sidebarUnfoldable || undefined}
        aria-label={t('shell.sidebar')}
      >
        <AppShell.Section grow component={ScrollArea} p="xs">
          {sidebar}
        </AppShell.Section>
        <AppShell.Section p="xs" className={classes.navbarFooter}>
          <Tooltip label={t(sidebarUnfoldable ? 'shell.unfoldSidebar' : 'shell.foldSidebar')} position="right">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t(sidebarUnfoldable ? 'shell.unfoldSidebar' : 'shell.foldSidebar')}
              aria-pressed={sidebarUnfoldable}
              onClick={() => setDashboard('sidebarUnfoldable', !sidebarUnfoldable)}
            >
              <IconLayoutSidebarLeftCollapse size={20} className={classes.foldIcon} />
            </ActionIcon>
          </Tooltip>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main className={classes.main}>
        <div className={classes.noPrint}>
          <AppBreadcrumbs />
        </div>
        {children}
      </AppShell.Main>

      <AppShell.Aside aria-label={t('aside.label')} className={classes.noPrint}>
        {asideShow && <LazyPart>{aside}</LazyPart>}
      </AppShell.Aside>

      <AppShell.Footer px="md" className={classes.noPrint}>
        <Group h="100%" justify="space-between">
          <Text size="sm" c="dimmed">
            {t('app.name')} © 2026
          </Text>
          <Text size="sm" c="dimmed" visibleFrom="sm">
            {t('shell.footer')}
          </Text>
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}
