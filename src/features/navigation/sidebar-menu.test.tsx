import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MenuGroup } from '@contract';
import { menusByUserType } from '@fixtures';
import { server } from '@mocks/node';
import { useRootStore } from '@/stores/root-store';
import { renderWithApp, signInAs } from '@/test/render';
import { SidebarMenu } from './sidebar-menu';

const officerMenu = menusByUserType.officer;

beforeEach(() => {
  signInAs('officer');
});

function serveMenu(items: MenuGroup[]) {
  server.use(http.get('*/api/v1/menu/privileges', () => HttpResponse.json({ data: { items } })));
}

async function renderMenu(path = '/dashboard') {
  const view = renderWithApp(<SidebarMenu />, { path });
  const nav = await screen.findByRole('navigation', { name: 'Main menu' });
  return { ...view, nav };
}

const loadingStatus = () => screen.queryByRole('status', { name: 'Loading menu' });

describe('SidebarMenu', { timeout: 20_000 }, () => {
  it('shows Dashboard, the Menu heading and one button per group of the officer', async () => {
    const { nav } = await renderMenu();

    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).getByText('Menu')).toBeInTheDocument();
    for (const group of officerMenu) {
      expect(await within(nav).findByRole('button', { name: group.name })).toBeInTheDocument();
    }
    const groupButtons = within(nav)
      .getAllByRole('button')
      .filter((b) => b.hasAttribute('data-group-path'));
    expect(groupButtons.map((b) => b.getAttribute('aria-label'))).toEqual(officerMenu.map((g) => g.name));
  });

  it('reveals a group’s links, with the server’s urls, when the group is clicked', async () => {
    const user = userEvent.setup();
    const { nav } = await renderMenu();
    const group = officerMenu[0]!;
    const button = await within(nav).findByRole('button', { name: group.name });

    // Mantine's NavLink exposes no aria-expanded; what a user perceives is the links.
    for (const item of group.menuItems) {
      expect(within(nav).queryByRole('link', { name: item.name })).not.toBeInTheDocument();
    }
    await user.click(button);
    for (const item of group.menuItems) {
      const link = await within(nav).findByRole('link', { name: item.name });
      expect(link).toHaveAttribute('href', item.url);
    }
  });

  it('opens the group whose path prefixes the current path, and only that one', async () => {
    const { nav } = await renderMenu('/manage-complaint/history-complaint');

    await within(nav).findByRole('button', { name: 'Invoicing' });
    expect(within(nav).getByRole('link', { name: 'History Complaint' })).toHaveAttribute('href', '/manage-complaint/history-complaint');
    expect(within(nav).getByRole('link', { name: 'Complaint' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Invoice' })).not.toBeInTheDocument();
  });

  it('opens the group of the current page whose url lies outside the group’s path (the invoice page)', async () => {
    const { nav } = await renderMenu('/apps/invoicing/invoice');

    expect(await within(nav).findByRole('link', { name: 'Invoice' })).toHaveAttribute('href', '/apps/invoicing/invoice');
    expect(within(nav).getByRole('button', { name: 'Invoicing' })).toHaveAttribute('data-active', 'true');
    expect(within(nav).queryByRole('link', { name: 'Complaint' })).not.toBeInTheDocument();
  });

  it('shows the loading status until shortly after the menu arrives', async () => {
    await renderMenu();

    expect(loadingStatus()).toBeInTheDocument();
    await screen.findByRole('button', { name: officerMenu[0]!.name });
    // The spinner lingers for half a second after the groups are built.
    expect(loadingStatus()).toBeInTheDocument();
    await waitFor(() => expect(loadingStatus()).not.toBeInTheDocument(), { timeout: 2000 });
  });

  it('drops the loading status and shows no groups when the menu fails to load', async () => {
    server.use(
      http.get('*/api/v1/menu/privileges', () => HttpResponse.json({ type: 'about:blank', title: 'Boom', status: 500 }, { status: 500 })),
    );
    const { nav } = await renderMenu();

    expect(loadingStatus()).toBeInTheDocument();
    await waitFor(() => expect(loadingStatus()).not.toBeInTheDocument(), { timeout: 2000 });
    expect(within(nav).queryAllByRole('button')).toHaveLength(0);
    expect(within(nav).getAllByRole('link')).toHaveLength(1);
  });

  it('shows no Menu heading for an account with no role, and says where its screens come from', async () => {
    serveMenu([]);
    const { nav } = await renderMenu();

    expect(await within(nav).findByText(/No screens yet: an administrator gives your account a role/)).toBeInTheDocument();
    expect(within(nav).queryByText('Menu')).not.toBeInTheDocument();
  });

  it('keeps the fetched groups in the app state', async () => {
    await renderMenu();

    await waitFor(() => expect(useRootStore.getState().dashboard.sidebarMenus).toMatchObject(officerMenu));
  });

  it('shows the stored groups at once while it fetches fresh ones', async () => {
    const stored: MenuGroup[] = [{ name: 'Stored Group', icon: '/i.png', menuItems: [{ name: 'Old', url: '/old' }] }];
    useRootStore.getState().setDashboard('sidebarMenus', stored);
    const { nav } = await renderMenu();

    expect(within(nav).getByRole('button', { name: 'Stored Group' })).toBeInTheDocument();
    expect(await within(nav).findByRole('button', { name: 'Manage Complaint' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Stored Group' })).not.toBeInTheDocument();
  });

  it('does not turn an off-site url into a link', async () => {
    serveMenu([
      {
        name: 'Tricky',
        icon: '/i.png',
        menuItems: [
          { name: 'Absolute', url: 'https://evil.example' },
          { name: 'Protocol relative', url: '//evil.example' },
          { name: 'Safe', url: '/manage-complaint/complaint' },
        ],
      },
    ]);
    const user = userEvent.setup();
    const { nav } = await renderMenu();
    await user.click(await within(nav).findByRole('button', { name: 'Tricky' }));

    expect(await within(nav).findByRole('link', { name: 'Safe' })).toHaveAttribute('href', '/manage-complaint/complaint');
    expect(within(nav).queryByRole('link', { name: 'Absolute' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Protocol relative' })).not.toBeInTheDocument();
    for (const link of within(nav).getAllByRole('link')) {
      expect(link.getAttribute('href')).not.toMatch(/evil\.example/);
    }
  });
});
