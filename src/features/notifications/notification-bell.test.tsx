import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoAccounts, MARKUP_NOTIFICATION_ID, notifications } from '@fixtures';
import { mockDb } from '@mocks/db';
import { server } from '@mocks/node';
import { renderWithApp, signInAs } from '@/test/render';
import { UNDO_MS } from '@/lib/undo-toast';
import { NotificationBell } from './notification-bell';

const mine = notifications.filter((n) => n.recipientId === demoAccounts.officer.id);
const unread = mine.filter((n) => !n.isRead);
const read = mine.filter((n) => n.isRead);
const markup = mine.find((n) => n.id === MARKUP_NOTIFICATION_ID)!;
const announcement = mine.find((n) => n.complaintId === null && !n.isRead && n.id !== markup.id)!;
const aboutComplaint = mine.find((n) => n.complaintId !== null)!;

beforeEach(() => {
  signInAs('officer');
});

const bellName = (n: number) => `Notifications, ${n} unread`;

async function renderBell() {
  const view = renderWithApp(<NotificationBell />, { path: '/dashboard' });
  const bell = await screen.findByRole('button', { name: bellName(unread.length) });
  return { ...view, bell };
}

/**
 * The open dropdown, found by role and its heading ('Notifications') rather than by
 * accessible name.
 */
async function findDropdown() {
  const dialogs = await screen.findAllByRole('dialog');
  const dropdown = dialogs.find((d) => within(d).queryByText('Notifications', { exact: true }));
  expect(dropdown).toBeDefined();
  return dropdown!;
}

async function openList() {
  const user = userEvent.setup();
  const view = await renderBell();
  await user.click(view.bell);
  const dropdown = await findDropdown();
  const list = await within(dropdown).findByRole('list');
  return { ...view, user, dropdown, list };
}

/** The list items titled `title` (some titles repeat). */
function itemsTitled(list: HTMLElement, title: string) {
  return within(list)
    .getAllByRole('listitem')
    .filter((li) => within(li).queryByText(title, { exact: true }) !== null);
}

describe('NotificationBell', { timeout: 20_000 }, () => {
  it('names the bell with the number of unread notifications', async () => {
    expect(unread.length).toBeGreaterThan(0);
    const { bell } = await renderBell();
    expect(bell).toHaveAccessibleName(bellName(unread.length));
  });

  it('puts the popup state on the button, not on the badge around it', async () => {
    const user = userEvent.setup();
    const { bell } = await renderBell();
    const badge = screen.getByTestId('notification-count');
    expect(bell).toHaveAttribute('aria-haspopup', 'dialog');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(badge).not.toHaveAttribute('aria-expanded');
    expect(badge).not.toHaveAttribute('aria-haspopup');

    await user.click(bell);
    const dropdown = await findDropdown();
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect(bell).toHaveAttribute('aria-controls', dropdown.id);
    expect(badge).not.toHaveAttribute('aria-expanded');
  });

  it('opens a list with every notification of the officer', async () => {
    const { list, dropdown } = await openList();

    expect(within(list).getAllByRole('listitem')).toHaveLength(mine.length);
    for (const n of mine) {
      expect(within(list).getAllByText(n.title).length).toBeGreaterThan(0);
    }
    expect(within(dropdown).getByText(`${mine.length} in all, ${unread.length} unread`)).toBeInTheDocument();
  });

  it('shows unread titles in bold and read ones in normal weight', async () => {
    const { list } = await openList();
    const items = within(list).getAllByRole('listitem');

    const unreadItems = items.filter((li) => li.hasAttribute('data-unread'));
    expect(unreadItems).toHaveLength(unread.length);
    const weightOf = (title: string) => {
      const [li] = itemsTitled(list, title);
      return getComputedStyle(within(li!).getByText(title)).fontWeight;
    };
    expect(weightOf(announcement.title)).toBe('700');
    expect(weightOf(read.find((n) => n.complaintId === null)!.title)).toBe('400');
  });

  it('shows markup in a notification as literal text, creating no elements', async () => {
    const { list } = await openList();
    const [li] = itemsTitled(list, markup.title);

    expect(li).toHaveTextContent('<b>not bold</b>');
    expect(li).toHaveTextContent('<i>not italic</i>');
    expect(document.querySelector('b, i')).toBeNull();
  });

  it('deletes a notification at once on screen, offers Undo, and sends the delete when the toast ends', async () => {
    const { list, user } = await openList();
    const target = markup;

    await user.click(within(list).getByRole('button', { name: `Delete notification: ${target.title}` }));

    expect(within(list).getAllByRole('listitem')).toHaveLength(mine.length - 1);
    expect(within(list).queryByText(target.title)).not.toBeInTheDocument();
    expect(await screen.findByText('Notification deleted')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    // Away from the top-right corner, where it would cover the open dropdown's count and Mark all read.
    expect(screen.getByText('Notification deleted').closest('[data-position]')).toHaveAttribute('data-position', 'bottom-center');
    expect(screen.getByRole('button', { name: bellName(unread.length - 1) })).toBeInTheDocument();
    // Not sent while its Undo runs.
    expect(mockDb().notifications.some((n) => n.id === target.id)).toBe(true);
    await waitFor(() => expect(mockDb().notifications.some((n) => n.id === target.id)).toBe(false), { timeout: UNDO_MS + 3000 });
    await waitFor(() => expect(screen.queryByText('Notification deleted')).not.toBeInTheDocument());
    expect(within(list).getAllByRole('listitem')).toHaveLength(mine.length - 1);
  });

  it('puts a deleted notification back on Undo, and sends nothing', async () => {
    const { list, user } = await openList();
    await user.click(within(list).getByRole('button', { name: `Delete notification: ${markup.title}` }));
    expect(within(list).queryByText(markup.title)).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(itemsTitled(list, markup.title)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Notification deleted')).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, UNDO_MS));
    expect(mockDb().notifications.some((n) => n.id === markup.id)).toBe(true);
  });

  it('opens a notification without a complaint in a dialog and marks it read', async () => {
    const { list, user, router } = await openList();
    const [li] = itemsTitled(list, announcement.title);

    await user.click(within(li!).getByText(announcement.title));

    const dialog = await screen.findByRole('dialog', { name: announcement.title });
    const firstLine = announcement.description.split('\n')[0]!;
    expect(within(dialog).getByText(firstLine, { exact: false })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(await screen.findByRole('button', { name: bellName(unread.length - 1) })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: announcement.title })).not.toBeInTheDocument());
  });

  it('opens a notification about a complaint on the history page with its detail', async () => {
    const { list, user, router } = await openList();
    const [li] = itemsTitled(list, aboutComplaint.title);

    await user.click(within(li!).getByText(aboutComplaint.title));

    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-complaint/history-complaint'));
    expect(router.state.location.search).toEqual({ detail: aboutComplaint.complaintId });
    expect(screen.queryByRole('dialog', { name: aboutComplaint.title })).not.toBeInTheDocument();
  });

  it('shows an alert with Retry when the list fails, and reloads after the server recovers', async () => {
    server.use(
      http.get('*/api/v1/notifications', () =>
        HttpResponse.json({ type: 'about:blank', title: 'Unavailable', status: 503 }, { status: 503 }),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<NotificationBell />, { path: '/dashboard' });
    const bell = await screen.findByRole('button', { name: /^Notifications,/ });
    await user.click(bell);

    const dropdown = await findDropdown();
    const alert = await within(dropdown).findByRole('alert');
    const retry = within(alert).getByRole('button', { name: 'Retry' });
    expect(within(dropdown).queryByRole('list')).not.toBeInTheDocument();

    server.resetHandlers();
    await user.click(retry);

    const list = await within(dropdown).findByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(mine.length);
    expect(within(dropdown).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: bellName(unread.length) })).toBeInTheDocument();
  });
});
