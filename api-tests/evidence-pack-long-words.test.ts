import { getDocumentProxy } from 'unpdf';
import { beforeAll, expect, it } from 'vitest';
import { complaintResponseSchema } from '../contract/complaints';
import { ORGANIZATION_ID } from '../fixtures';
import { connectApi, readAs } from './support/api';

// Issue 46: what people type cannot run off the evidence pack's page. A word longer than a line
// (a pasted link, 2,000 letters without a space) is broken at the margin, on both back ends.

const api = connectApi();
beforeAll(() => api.reset());

/** `length` characters of `word` repeated, without a space. */
const unbroken = (word: string, length: number) => word.repeat(Math.ceil(length / word.length)).slice(0, length);

it('breaks the longest words at the right margin, and keeps every letter of them', async () => {
  const typed = {
    description: unbroken('ConstructionDebrisLeftAtTheBackLane', 2000),
    offender: unbroken('LorryWXY1234', 200),
    location: `https://maps.example.com/place/${unbroken('LorongBelakangJalanIpoh', 169)}`,
  };
  const registered = await api.call('POST', 'api/v1/complaints', {
    as: 'officer',
    body: {
      typeOfOffenceId: 2,
      dateOfMisconduct: '2026-11-20T09:00:00+08:00',
      organizationId: ORGANIZATION_ID.alamBersih,
      contractId: 1,
      qty: 1,
      attachmentFileIds: [],
      ...typed,
    },
  });
  const { id } = readAs(complaintResponseSchema, registered).data;

  const res = await api.call('GET', `api/v1/complaints/${id}/evidence-pack.pdf`, { as: 'verifier' });
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  const pdf = await getDocumentProxy(res.bytes);
  let text = '';
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const [left, , right] = page.view as [number, number, number, number];
    const { items } = await page.getTextContent();
    for (const item of items as { str: string; width: number; transform: number[] }[]) {
      const x = item.transform[4]!;
      expect(x, `“${item.str.slice(0, 40)}…” on page ${number}`).toBeGreaterThanOrEqual(left);
      expect(x + item.width, `“${item.str.slice(0, 40)}…” on page ${number}`).toBeLessThanOrEqual(right);
      text += item.str;
    }
  }
  for (const value of Object.values(typed)) expect(text).toContain(value);
});
