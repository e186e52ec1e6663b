import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { complaints, contractorOrganizationComplaints, DISTINCTIVE_COMPLAINT_ID, fixtureComplaint } from '@fixtures';
import { updateMockDb } from '@mocks/db';
import { server } from '@mocks/node';
import { renderWithApp, signInAs } from '@/test/render';
import { HOUR_MS, setClock } from '@/test/clock';
import { signInWithMenu } from '@/test/sign-in-with-menu';
import { complaintQueries } from './api';
import { HistoryComplaintPage } from './history-complaint-page';
import { WithListSearch } from '@/test/with-list-search';

const HEADERS = ['Ref. No', 'Date of Misconduct', 'Description', 'Offender', 'Location', 'Quantity', 'Status', 'Action'];
const newestMisconduct = [...complaints].sort((a, b) => dayjs(b.dateOfMisconduct).valueOf() - dayjs(a.dateOfMisconduct).valueOf())[0]!;
const fined = complaints.find((c) => c.status === 3 && c.remark !== null)!;
const submitted = complaints.find((c) => c.status === 1)!;

beforeEach(() => {
  signInAs('officer');
});

function renderPage(detailId?: number) {
  const onDetailChange = vi.fn();
  const view = renderWithApp(
    <WithListSearch>{(list) => <HistoryComplaintPage {...list} detailId={detailId} onDetailChange={onDetailChange} />}</WithListSearch>,
    { path: '/manage-complaint/history-complaint' },
  );
  return { ...view, onDetailChange };
}

/** The complaint rows of the table: each has its own View detail action. */
function bodyRows() {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .filter((row) => within(row).queryByRole('button', { name: /^View detail of / }) !== null);
}

async function waitForRows(count: number) {
  await waitFor(() => expect(bodyRows()).toHaveLength(count));
  return bodyRows();
}

/** The detail dialog once its (lazily loaded) read-only form is in. */
async function findDetailDialog() {
  const dialog = await screen.findByRole('dialog', { name: 'Detail History Complaint' });
  await within(dialog).findByLabelText('Offender');
  return dialog;
}

describe('HistoryComplaintPage', { timeout: 20_000 }, () => {
  it('shows the column headers and 10 rows by default', async () => {
    renderPage();
    await screen.findByRole('button', { name: `View detail of ${newestMisconduct.refNo}` });

    const table = screen.getByRole('table');
    const headers = [...table.querySelectorAll('thead th[data-accessor]')];
    expect(headers.map((th) => th.textContent?.trim())).toEqual(HEADERS);
    // Every column but Action sorts, so its header is a button.
    for (const title of HEADERS.slice(0, -1)) {
      expect(within(table).getByRole('button', { name: new RegExp(`^${title}`) })).toBeInTheDocument();
    }
    expect(within(table).getByRole('columnheader', { name: 'Action' })).toBeInTheDocument();
    await waitForRows(10);
  });

  it('lists the newest misconduct first, its date as DD-MM-YYYY hh:mm:ss A', async () => {
    renderPage();
    await screen.findByRole('button', { name: `View detail of ${newestMisconduct.refNo}` });

    const [first] = await waitForRows(10);
    const expected = dayjs(newestMisconduct.dateOfMisconduct).format('DD-MM-YYYY hh:mm:ss A');
    expect(expected).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} (AM|PM)$/);
    const cells = within(first!).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent(newestMisconduct.refNo);
    expect(cells[1]).toHaveTextContent(expected);
  });

  it('filters the rows by what is typed in Filter:', async () => {
    const user = userEvent.setup();
    renderPage();
    await waitForRows(10);

    await user.type(screen.getByLabelText('Filter:'), 'durian');

    const [only] = await waitForRows(1);
    expect(only).toHaveTextContent(fixtureComplaint(DISTINCTIVE_COMPLAINT_ID.durianHusks).refNo);
  });

  it('says No items found when nothing matches the filter', async () => {
    const user = userEvent.setup();
    renderPage();
    await waitForRows(10);

    // mantine-datatable keeps its empty state in the DOM and marks it data-active when shown. (A
    // filter's Select says the same words in its dropdown while its options load.)
    const emptyState = () => {
      const states = screen.getAllByText('No items found').map((text) => text.closest('.mantine-datatable-empty-state'));
      expect(states.filter(Boolean)).toHaveLength(1);
      return states.find(Boolean);
    };
    expect(emptyState()).not.toHaveAttribute('data-active');

    await user.type(screen.getByLabelText('Filter:'), 'no complaint says this');

    await waitForRows(0);
    expect(emptyState()).toHaveAttribute('data-active');
    expect(screen.queryByRole('button', { name: /^View detail of/ })).not.toBeInTheDocument();
  });

  it('asks for the detail of a row when its action button is clicked', async () => {
    const user = userEvent.setup();
    const { onDetailChange } = renderPage();

    await user.click(await screen.findByRole('button', { name: `View detail of ${newestMisconduct.refNo}` }));

    expect(onDetailChange).toHaveBeenCalledTimes(1);
    expect(onDetailChange).toHaveBeenCalledWith(newestMisconduct.id);
  });

  it('shows a fined complaint read-only in the detail dialog, with the remark note', async () => {
    renderPage(fined.id);

    const dialog = await findDetailDialog();
    expect(within(dialog).getByText(fined.refNo, { exact: false })).toBeInTheDocument();
    for (const [label, value] of [
      ['Offender', fined.offender],
      ['Location', fined.location],
      ['Date of Misconduct', dayjs(fined.dateOfMisconduct).format('DD-MM-YYYY hh:mm:ss A')],
      ['Remark', fined.remark],
    ] as const) {
      const field = within(dialog).getByLabelText(label);
      expect(field).toHaveValue(value);
      expect(field).toHaveAttribute('readonly');
    }
    // The type of offence is a select, but read-only: its value and no dropdown arrow.
    const type = within(dialog)
      .getAllByLabelText('Type of Offence')
      .find((element) => element.tagName === 'INPUT')!;
    expect(type).toHaveValue(fined.typeOfOffence.name);
    expect(type).toHaveAttribute('readonly');
    expect(type.parentElement!.querySelector('[data-position="right"]')).toBeNull();
    expect(within(dialog).getByText('**Not compulsory (Fine or Wave)')).toBeInTheDocument();
  });

  it('shows no remark or note for a submitted complaint', async () => {
    renderPage(submitted.id);

    const dialog = await findDetailDialog();
    expect(within(dialog).getByLabelText('Offender')).toHaveValue(submitted.offender);
    expect(within(dialog).queryByText('**Not compulsory (Fine or Wave)')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Remark')).not.toBeInTheDocument();
  });

  it('shows the status history under the fields: who, when, from and to, and the text as written', async () => {
    const written = 'Bins were <b>collected</b>.\nSee the crew log.';
    updateMockDb((db) => {
      db.complaints.find((c) => c.id === fined.id)!.history[1]!.text = written;
    });
    renderPage(fined.id);

    const dialog = await findDetailDialog();
    const timeline = within(dialog).getByRole('list', { name: 'Status history' });
    const items = within(timeline).getAllByRole('listitem');
    expect(items).toHaveLength(fined.statusHistory.length);
    fined.statusHistory.forEach((entry, i) => {
      expect(items[i]).toHaveTextContent(`${entry.changedBy.fullName} on ${dayjs(entry.changedAt).format('DD-MM-YYYY hh:mm:ss A')}`);
    });
    expect(items[0]).toHaveTextContent(/^Submitted/);
    expect(items.at(-1)).toHaveTextContent(/^Justified\s*to\s*Fined/);
    expect(items.at(-1)).toHaveTextContent(fined.remark!);
    // Text, never markup, with its line breaks kept.
    const text = within(items[1]!).getByText(/Bins were/);
    expect(text.textContent).toBe(written);
    expect(text).toHaveStyle({ whiteSpace: 'pre-wrap' });
    expect(within(items[1]!).queryByText('collected', { selector: 'b' })).not.toBeInTheDocument();
  });

  it.each([
    ['contractor', 1, 'Justify this complaint'],
    ['contractor', 3, null],
    ['verifier', 2, 'Verify this complaint'],
    ['verifier', 4, null],
  ] as const)('as %s, a complaint in status %i links to its dialog: %s', async (role, status, link) => {
    await signInWithMenu(role);
    const target = contractorOrganizationComplaints.find((c) => c.status === status)!;
    setClock(Date.parse(target.createdAt) + HOUR_MS);
    renderPage(target.id);

    const dialog = await findDetailDialog();
    const links = within(dialog).queryAllByRole('link', { name: /this complaint$/ });
    if (link === null) {
      expect(links).toHaveLength(0);
    } else {
      expect(links.map((l) => l.textContent)).toEqual([link]);
      expect(links[0]).toHaveAttribute('href', `/manage-complaint/verify-complaint?complaint=${target.id}`);
    }
  });

  it('as contractor, a submitted complaint past its time to justify shows Overdue and no link', async () => {
    await signInWithMenu('contractor');
    const target = contractorOrganizationComplaints.find((c) => c.status === 1)!;
    setClock(Date.parse(target.justifyBy!) + HOUR_MS);
    renderPage(target.id);

    const dialog = await findDetailDialog();
    expect(within(dialog).getByRole('textbox', { name: 'Justify by' })).toHaveAccessibleDescription(
      'The time to justify has passed; the verifier decides alone.',
    );
    expect(within(dialog).getByText('Overdue')).toBeInTheDocument();
    expect(within(dialog).queryAllByRole('link', { name: /this complaint$/ })).toHaveLength(0);
  });

  it('asks to clear the detail when the dialog is closed', async () => {
    const user = userEvent.setup();
    const { onDetailChange } = renderPage(fined.id);

    const dialog = await findDetailDialog();
    const closeButtons = within(dialog).getAllByRole('button', { name: 'Close' });
    await user.click(closeButtons[closeButtons.length - 1]!);

    expect(onDetailChange).toHaveBeenCalledWith(undefined);
  });

  it('shows an error with Retry when the history fails, and loads it on retry', async () => {
    server.use(
      http.get('*/api/v1/complaints', () => HttpResponse.json({ type: 'about:blank', title: 'Boom', status: 500 }, { status: 500 })),
    );
    const user = userEvent.setup();
    renderPage();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the complaint history');
    // The failure is said once: the empty table under it does not add "No items found".
    expect(screen.queryByText('No items found')).not.toBeInTheDocument();
    const retry = within(alert).getByRole('button', { name: 'Retry' });

    server.resetHandlers();
    await user.click(retry);

    await waitForRows(10);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  describe('SPEC §2 and §8: the detail opens 100 ms after its data, filled; a failure opens nothing', () => {
    /**
     * Steps the page's clock 1 ms at a time (only setTimeout is faked; the mock API answers
     * between steps) and answers at which step the detail's data arrived and its dialog opened.
     */
    async function stepUntilOpen(id: number, onStep: (arrived: boolean) => void) {
      const { queryClient } = renderPage(id);
      let arrivedAt: number | null = null;
      for (let ms = 1; ms <= 5_000; ms++) {
        await vi.advanceTimersByTimeAsync(1);
        const state = queryClient.getQueryState(complaintQueries.detail(id).queryKey);
        if (arrivedAt === null && state?.status !== undefined && state.status !== 'pending') arrivedAt = ms;
        const dialog = screen.queryByRole('dialog', { name: 'Detail History Complaint' });
        if (dialog) return { arrivedAt, openedAt: ms, dialog };
        onStep(arrivedAt !== null);
        if (state?.status === 'error' && ms - arrivedAt! > 300) return { arrivedAt, openedAt: null, dialog: null };
      }
      throw new Error('neither opened nor failed in 5 s of page time');
    }

    beforeEach(async () => {
      // The read-only form's code is in by then in the browser too (it is fetched with the list).
      await import('./complaint-detail-fields');
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      return () => vi.useRealTimers();
    });

    it('keeps the row’s action busy while loading, then opens 100 ms after the data, with the fields already filled', async () => {
      const action = () => screen.queryByRole('button', { name: `View detail of ${newestMisconduct.refNo}` });
      let busySteps = 0;
      const { arrivedAt, openedAt, dialog } = await stepUntilOpen(newestMisconduct.id, () => {
        const button = action();
        if (button) {
          expect(button).toHaveAttribute('data-loading');
          busySteps += 1;
        }
      });
      expect(arrivedAt).not.toBeNull();
      // Seen in 1 ms steps: the data arrive within the step before the one that sees them.
      expect(openedAt! - arrivedAt!).toBeGreaterThanOrEqual(99);
      expect(openedAt! - arrivedAt!).toBeLessThanOrEqual(101);
      expect(busySteps).toBeGreaterThan(90);
      // Filled at once: no spinner in place of the fields.
      expect(within(dialog!).getByLabelText('Offender')).toHaveValue(newestMisconduct.offender);
      await vi.advanceTimersByTimeAsync(1);
      expect(action()).not.toHaveAttribute('data-loading');
    });

    it('resets the action when the load fails, and opens nothing', async () => {
      server.use(
        http.get(`*/api/v1/complaints/${newestMisconduct.id}`, () =>
          HttpResponse.json({ type: 'about:blank', title: 'Server fault', status: 500 }, { status: 500 }),
        ),
      );
      const { openedAt } = await stepUntilOpen(newestMisconduct.id, () => undefined);
      expect(openedAt).toBeNull();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: `View detail of ${newestMisconduct.refNo}` })).not.toHaveAttribute('data-loading');
    });
  });
});
