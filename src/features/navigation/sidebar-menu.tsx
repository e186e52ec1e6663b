import { Group, Image, Loader, NavLink, Text } from '@mantine/core';
import { IconBookmark, IconLayoutDashboard, IconPoint } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { Fragment, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isAppPath, menuGroupPath } from '@/lib/menu-path';
import { useMenuLabels } from '@/lib/use-menu-labels';
import { savedViewQueries } from '@/lib/saved-views-queries';
import { useSidebarMenu } from './use-sidebar-menu';
import classes from './sidebar-menu.module.css';

/** Dashboard, a heading, then one group per server privilege group (SPEC §2, Sidebar). */
export function SidebarMenu() {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useNavigate();
  const searchStr = useRouterState({ select: (s) => s.location.searchStr });
  const views = useQuery(savedViewQueries.list()).data ?? [];
  const { groups, spinning, empty } = useSidebarMenu();
  const { itemLabel, groupLabel } = useMenuLabels();
  // Which groups the user opened or closed; untouched ones follow the current page.
  const [toggled, setToggled] = useState<Record<string, boolean>>({});

  return (
    <nav aria-label={t('shell.mainMenu')} data-testid="main-menu">
      <NavLink
        component={Link}
        to="/dashboard"
        label={<span className="sidebar-label">{t('routes.dashboard')}</span>}
        leftSection={<IconLayoutDashboard size={20} stroke={1.6} />}
        active={pathname === '/dashboard'}
        aria-label={t('routes.dashboard')}
      />
      {/* A heading only over something: the groups, or the spinner that brings them. */}
      {(groups.length > 0 || spinning) && (
        <Group justify="space-between" px="sm" pt="md" pb={4} h={40} wrap="nowrap">
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" className="sidebar-label">
            {t('shell.menuHeading')}
          </Text>
          {spinning && <Loader size={14} role="status" aria-label={t('shell.menuLoading')} />}
        </Group>
      )}
      {empty && (
        <Text size="sm" c="dimmed" px="sm" pt="md" className="sidebar-label">
          {t('shell.menuEmpty')}
        </Text>
      )}
      {groups.map((group) => {
        const path = menuGroupPath(group.name);
        // The group of the current page, whatever its url (the invoice page is under /apps).
        const current = pathname.startsWith(path) || group.menuItems.some((item) => item.url === pathname);
        const opened = toggled[group.name] ?? current;
        const label = groupLabel(group.name);
        return (
          <NavLink
            key={group.name}
            component="button"
            type="button"
            label={<span className="sidebar-label">{label}</span>}
            aria-label={label}
            leftSection={<Image src={group.icon} alt="" w={20} h={20} fit="contain" />}
            opened={opened}
            onChange={(next) => setToggled((prev) => ({ ...prev, [group.name]: next }))}
            aria-expanded={opened}
            active={current}
            variant="subtle"
            data-group-path={path}
            childrenOffset={28}
          >
            {group.menuItems
              .filter((item) => isAppPath(item.url))
              .map((item) => (
                <Fragment key={item.url}>
                  <NavLink
                    component={Link}
                    to={item.url}
                    label={<span className="sidebar-label">{itemLabel(item.url, item.name)}</span>}
                    leftSection={<IconPoint size={14} />}
                    active={pathname === item.url && !views.some((v) => v.path === item.url && v.search === searchStr)}
                    className={classes.item}
                  />
                  {/* The saved views of the list shown now, under it. */}
                  {pathname === item.url &&
                    views
                      .filter((view) => view.path === item.url)
                      .map((view) => (
                        <NavLink
                          key={view.id}
                          component="a"
                          href={`${view.path}${view.search}`}
                          onClick={(event: MouseEvent) => {
                            if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                            event.preventDefault();
                            void navigate({ href: `${view.path}${view.search}` });
                          }}
                          label={<span className="sidebar-label">{view.name}</span>}
                          leftSection={<IconBookmark size={14} />}
                          active={searchStr === view.search}
                          className={classes.item}
                          pl={28}
                        />
                      ))}
                </Fragment>
              ))}
          </NavLink>
        );
      })}
    </nav>
  );
}
