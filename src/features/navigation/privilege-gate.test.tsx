import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { menuItems } from '@contract';
import { server } from '@mocks/node';
import { renderWithApp, signInAs } from '@/test/render';
import { PrivilegeGate } from './privilege-gate';

beforeEach(() => {
  signInAs('officer');
});

function renderAt(path: string) {
  return renderWithApp(
    <PrivilegeGate>
      <p>The screen itself</p>
    </PrivilegeGate>,
    { path },
  );
}

describe('PrivilegeGate', () => {
  it('opens a screen the caller’s menu lists', async () => {
    renderAt(menuItems.complaint.url);
    expect(await screen.findByText('The screen itself')).toBeInTheDocument();
  });

  it('shows a 403 page with a way back for a screen the caller’s role does not include', async () => {
    renderAt(menuItems.type.url);
    expect(await screen.findByRole('heading', { name: 'You may not open this page' })).toBeInTheDocument();
    expect(screen.getByText('403')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByText('The screen itself')).not.toBeInTheDocument();
  });

  it('refuses the same screen with a trailing slash', async () => {
    renderAt(`${menuItems.userType.url}/`);
    expect(await screen.findByRole('heading', { name: 'You may not open this page' })).toBeInTheDocument();
  });

  it('opens pages outside the menu to every signed-in user', async () => {
    renderAt('/profile');
    expect(await screen.findByText('The screen itself')).toBeInTheDocument();
  });

  it('waits for the menu before deciding', async () => {
    let answer = () => {};
    server.use(
      http.get(
        '*/api/v1/menu/privileges',
        () => new Promise<Response>((resolve) => (answer = () => resolve(HttpResponse.json({ data: { items: [] } })))),
      ),
    );
    renderAt(menuItems.complaint.url);
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('The screen itself')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByRole('heading', { name: 'You may not open this page' })).toBeInTheDocument();
  });

  it('leaves the refusing to the server when the menu cannot be had', async () => {
    server.use(
      http.get('*/api/v1/menu/privileges', () => HttpResponse.json({ title: 'Internal server error', status: 500 }, { status: 500 })),
    );
    renderAt(menuItems.type.url);
    expect(await screen.findByText('The screen itself')).toBeInTheDocument();
  });
});
