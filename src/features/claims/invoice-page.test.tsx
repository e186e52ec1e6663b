import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockDb, updateMockDb } from '@mocks/db';
import { renderWithApp } from '@/test/render';
import { signInWithMenu } from '@/test/sign-in-with-menu';
import { InvoicePage } from './invoice-page';

/** Copies of the fixture's issued record, each with its own invoice number and an older month. */
function addIssuedInvoices(count: number) {
  updateMockDb((db) => {
    const issued = db.claimRecords.find((r) => r.status === 'issued')!;
    for (let n = 1; n <= count; n += 1) {
      const id = Math.max(...db.claimRecords.map((r) => r.id)) + 1;
      db.claimRecords.push({
        ...structuredClone(issued),
        id,
        invoiceNo: `INV-2020-${String(n).padStart(6, '0')}`,
        month: `20${String(10 + (n % 10)).padStart(2, '0')}-${String((n % 12) + 1).padStart(2, '0')}`,
      });
    }
  });
}

describe('InvoicePage', { timeout: 60_000 }, () => {
  it('lists every issued and paid invoice, newest month first, twenty to a page, past a thousand', async () => {
    addIssuedInvoices(1010);
    const invoices = mockDb()
      .claimRecords.filter((r) => r.status !== 'draft')
      .sort((a, b) => (a.month === b.month ? b.id - a.id : b.month.localeCompare(a.month)))
      .map((r) => r.invoiceNo);
    const user = userEvent.setup();
    await signInWithMenu('officer');
    renderWithApp(<InvoicePage claim={undefined} />, { path: '/apps/invoicing/invoice' });

    const links = () => screen.getAllByRole('link', { name: /^INV-/ }).map((link) => link.textContent);
    // Both statuses arrive, every page of each: then the list holds them all.
    await screen.findByText(`1–20 of ${invoices.length}`);
    await waitFor(() => expect(links()).toEqual(invoices.slice(0, 20)));

    const last = Math.ceil(invoices.length / 20);
    await user.click(screen.getByRole('button', { name: String(last) }));
    await screen.findByText(`${(last - 1) * 20 + 1}–${invoices.length} of ${invoices.length}`);
    await waitFor(() => expect(links()).toEqual(invoices.slice((last - 1) * 20)));
  });
});
