import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@mocks/node';
import { updateMockDb } from '@mocks/db';
import { inMalay } from '@/test/in-malay';
import { renderApp } from '@/test/render-app';
import { signInWithMenu } from '@/test/sign-in-with-menu';

// The fixtures' March 2026, as the API tests count it by hand (api-tests/dashboard.test.ts).
const MARCH = '/dashboard?from=2026-03-01&to=2026-03-31';

const card = (key: string) => screen.findByTestId(`card-${key}`);

describe('DashboardPage', { timeout: 60_000 }, () => {
  it('shows the period’s cards, each a link to the list it counts', async () => {
    await signInWithMenu('verifier');
    renderApp(MARCH);
    expect(await card('open')).toHaveTextContent('32');
    expect(await card('overdue')).toHaveTextContent('16');
    // Every submitted one is past its time: none still awaits a justification.
    expect(await card('awaitingJustification')).toHaveTextContent('0');
    expect(await card('decided')).toHaveTextContent('3');
    expect(await card('waived')).toHaveTextContent('2');
    expect(await card('medianHoursToDecision')).toHaveTextContent('30 hours');
    expect(await card('finesIssued')).toHaveTextContent('RM 0.00');
    const link = (key: string) => screen.getByTestId(`card-${key}`).closest('a')!.getAttribute('href');
    expect(link('overdue')).toBe('/manage-complaint/history-complaint?status=submitted&overdue=true');
    expect(link('awaitingJustification')).toBe('/manage-complaint/history-complaint?status=submitted&overdue=false');
    expect(link('fined')).toBe('/manage-complaint/history-complaint?status=fined&from=2026-03-01&to=2026-03-31');
    expect(link('finesPaid')).toBe('/manage-complaint/claim-record?status=paid&from=2026-03&to=2026-03');
    // The period picker says what the URL holds.
    expect(screen.getByRole('button', { name: /Days of misconduct/ })).toHaveTextContent('01-03-2026 – 31-03-2026');
  });

  it('opens the list a card counts, filtered to as many rows', async () => {
    const user = userEvent.setup();
    await signInWithMenu('verifier');
    const { router } = renderApp(MARCH);
    await user.click((await card('waived')).closest('a')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-complaint/history-complaint'));
    // Complaints 13 and 16.
    expect(await screen.findByText('CMP-2026-000013')).toBeInTheDocument();
    expect(screen.getByText('CMP-2026-000016')).toBeInTheDocument();
    expect(screen.queryByText('CMP-2026-000015')).not.toBeInTheDocument();
  });

  it('shows the charts’ figures as a table of links', async () => {
    const user = userEvent.setup();
    await signInWithMenu('verifier');
    renderApp(MARCH);
    const offences = (await screen.findByRole('heading', { name: 'Top offence types' })).closest('div.mantine-Paper-root') as HTMLElement;
    await user.click(within(offences).getByRole('radio', { name: 'Table' }));
    const dumping = within(offences).getByRole('link', { name: 'Illegal dumping: 2, open the list' });
    expect(dumping).toHaveAttribute('href', '/manage-complaint/history-complaint?offence=2&from=2026-03-01&to=2026-03-31');
    expect(screen.getByText('No contractor was fined twice for the same offence in the last 12 months.')).toBeInTheDocument();
  });

  it('says so on a database with nothing to count, and in Malay', async () => {
    updateMockDb((db) => {
      db.complaints = [];
      db.claimRecords = [];
    });
    await inMalay(async () => {
      await signInWithMenu('verifier');
      renderApp(MARCH);
      expect(await screen.findByText('Belum ada apa-apa untuk dikira')).toBeInTheDocument();
      expect(await card('open')).toHaveTextContent('0');
      expect(screen.queryByRole('heading', { name: 'Aduan sebulan mengikut status' })).not.toBeInTheDocument();
    });
  });

  it('offers Retry when the figures cannot be had, and shows them once they can', async () => {
    const user = userEvent.setup();
    let fail = true;
    server.use(
      http.get('*/api/v1/dashboard', () =>
        fail ? HttpResponse.json({ type: 'about:blank', title: 'Server fault', status: 500 }, { status: 500 }) : undefined,
      ),
    );
    await signInWithMenu('verifier');
    renderApp(MARCH);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the dashboard');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await card('open')).toHaveTextContent('32');
  });
});

describe('WidgetsPage', () => {
  it('shows the cards filled, loading and without money', async () => {
    const { WidgetsPage } = await import('./widgets-page');
    const { renderWithApp } = await import('@/test/render');
    renderWithApp(<WidgetsPage />, { path: '/widgets' });
    await screen.findByRole('region', { name: 'With figures' });
    const section = (name: string) => screen.getByRole('region', { name });
    expect(within(section('With figures')).getByTestId('card-finesPaid')).toHaveTextContent('RM 20,000.00');
    expect(within(section('With figures')).getByTestId('card-medianHoursToDecision')).toHaveTextContent('30.5 hours');
    expect(within(section('While the figures load')).queryByTestId('card-open')).not.toBeInTheDocument();
    expect(within(section('For a role that reads no claim records')).queryByTestId('card-finesPaid')).not.toBeInTheDocument();
    expect(within(section('For a role that reads no claim records')).getByTestId('card-overdue')).toHaveTextContent('5');
  });
});
