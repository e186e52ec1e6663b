import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { SmartTableGallery } from './smart-table-gallery';
import { testBadges } from './test-badges';

const rows = () => screen.getAllByRole('row').slice(1);
const firstRef = () => within(rows()[0]!).getAllByRole('cell')[0]!.textContent;

async function renderPage() {
  renderWithApp(<SmartTableGallery statusBadge={testBadges.complaint} />);
  await screen.findByText('1–10 of 60');
}

afterEach(() => vi.restoreAllMocks());

describe('SmartTableGallery', () => {
  it('pages through sixty rows, ten at a time', async () => {
    const user = userEvent.setup();
    await renderPage();
    expect(rows()).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('11–20 of 60')).toBeInTheDocument();
  });

  it('sorts by a column heading, one way then the other', async () => {
    const user = userEvent.setup();
    await renderPage();
    const ends = ['SMP-2026-000001', 'SMP-2026-000060'];
    await user.click(screen.getByText('Ref. No'));
    await waitFor(() => expect(ends).toContain(firstRef()));
    const other = ends.find((ref) => ref !== firstRef());
    await user.click(screen.getByText('Ref. No'));
    await waitFor(() => expect(firstRef()).toBe(other));
  });

  it('filters by any words of a row, back to the first page', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.type(screen.getByRole('textbox', { name: 'Filter:' }), 'Kitar Hijau');
    expect(await screen.findByText('1–10 of 12')).toBeInTheDocument();
    for (const row of rows()) expect(row).toHaveTextContent('Kitar Hijau Sdn Bhd');
  });

  it('exports what the filter leaves as CSV, in the order shown', async () => {
    const user = userEvent.setup();
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:test/export';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await renderPage();
    await user.type(screen.getByRole('textbox', { name: 'Filter:' }), 'Fined');
    await screen.findByText('1–10 of 15');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    const lines = (await saved[0]!.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Ref. No,Date of Misconduct,Contractor,Status');
    expect(lines).toHaveLength(16);
    expect(lines.slice(1).every((line) => /^SMP-2026-\d{6},2026-\d\d-\d\d \d\d:\d\d:00,[^,]+,Fined$/.test(line))).toBe(true);
  });
});
