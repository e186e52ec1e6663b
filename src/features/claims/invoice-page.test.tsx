import { screen } from '@testing-library/react';
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
      db.claimRecords.push({ ...structuredClone(issued), id, invoiceNo: `INV-2020-${String(n).padStart(6, '0')}`, month: `2020-${String((n % 12) + 1).padStart(2, '0')}` });
    }
  });
}

describe('InvoicePage', { timeout: 60_000 }, () => {
  it('lists every issued and paid invoice, twenty to a page, past the first hundred', async () => {
    addIssuedInvoices(120);
    const invoices = mockDb().claimRecords.filter((r) => r.status !== 'draft').map((r) => r.invoiceNo!);
    expect(invoices.length).toBeGreaterThan(120);
    const user = userEvent.setup();
    await signInWithMenu('officer');
    renderWithApp(<InvoicePage claim={undefined} />, { path: '/apps/invoicing/invoice' });

    const links = async () => (await screen.findAllByRole('link', { name: /^INV-/ })).map((link) => link.textContent);
    expect(await links()).toHaveLength(20);
    const seen = new Set<string | null>();
    const pages = Math.ceil(invoices.length / 20);
    for (let page = 1; page <= pages; page += 1) {
      if (page > 1) await user.click(screen.getByRole('button', { name: String(page) }));
      await screen.findByText(`${(page - 1) * 20 + 1} - ${Math.min(page * 20, invoices.length)} / ${invoices.length}`);
      for (const number of await links()) seen.add(number);
    }
    expect(seen).toEqual(new Set(invoices));
  });
});
