import { beforeAll, describe, expect, it } from 'vitest';
import {
  complaintFilterOptionsResponseSchema,
  complaintListResponseSchema,
  complaintResponseSchema,
  type Complaint,
} from '../contract/complaints';
import { typeOfOffenceListResponseSchema } from '../contract/type-of-offences';
import {
  archiveComplaint,
  archiveComplaints,
  complaints as fixtureComplaints,
  CONTRACTOR_ORGANIZATION_IDS,
  DISTINCTIVE_COMPLAINT_ID,
  ORGANIZATION_ID,
  typeOfOffences as fixtureOffences,
} from '../fixtures';
import { inertText } from '../domain/exports';
import { connectApi, expectProblem, readAs } from './support/api';
import type { Role } from './support/client';

const api = connectApi();
const ARCHIVE = 1100;
const TOTAL = fixtureComplaints.length + ARCHIVE;

beforeAll(async () => {
  await api.addArchiveComplaints(ARCHIVE);
});

async function page(role: Role, query: string) {
  return readAs(complaintListResponseSchema, await api.call('GET', `api/v1/complaints?${query}`, { as: role })).data;
}
const refNos = (items: readonly Complaint[]) => items.map((c) => c.refNo);

/** Fetch's text() drops a UTF-8 byte-order mark; app.inject() keeps it. */
const withoutBom = (text: string) => text.replace(/^\uFEFF/, '');

/** The CSV's records, quoted cells unwrapped (RFC 4180: `""` in a quoted cell is one `"`). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  const cell = /("(?:[^"]|"")*"|[^",\r]*)(,|\r\n|$)/y;
  let row: string[] = [];
  while (cell.lastIndex < text.length) {
    const match = cell.exec(text)!;
    const raw = match[1]!;
    row.push(raw.startsWith('"') ? raw.slice(1, -1).replace(/""/g, '"') : raw);
    if (match[2] !== ',') {
      rows.push(row);
      row = [];
    }
  }
  return rows;
}

describe('complaint lists past the thousandth row', () => {
  it('pages one at a time through every complaint: the oldest is on the last page', async () => {
    const first = await page('officer', 'history=true&limit=50&sort=createdAt');
    expect(first.pagination).toMatchObject({
      page: 1,
      limit: 50,
      totalRow: TOTAL,
      totalPage: Math.ceil(TOTAL / 50),
      totalEstimated: false,
    });
    expect(first.pagination.previous).toBeNull();
    expect(first.items[0]!.refNo).toBe(archiveComplaint(ARCHIVE).refNo);

    const last = await page('officer', `history=true&limit=50&page=${Math.ceil(TOTAL / 50)}`);
    expect(last.items.at(-1)!.refNo).toBe(archiveComplaint(ARCHIVE).refNo);
    expect(last.items).toHaveLength(TOTAL % 50 || 50);
  });

  it('keeps limit=1000 for clients that use it, and the next page has the rest', async () => {
    const one = await page('officer', 'history=true&limit=1000');
    const two = await page('officer', 'history=true&limit=1000&page=2');
    expect(one.items).toHaveLength(1000);
    expect(two.items).toHaveLength(TOTAL - 1000);
    expect(new Set([...refNos(one.items), ...refNos(two.items)]).size).toBe(TOTAL);
  });
});

describe('complaint lists by place (cursor)', () => {
  /** Every page from `cursor` on, following `next` (or `previous`), and each page's rows. */
  async function walk(query: string, way: 'next' | 'previous', cursor?: string) {
    const pages: Complaint[][] = [];
    for (let at = cursor; pages.length === 0 || at; ) {
      const shown = await page('officer', `${query}${at ? `&cursor=${encodeURIComponent(at)}` : ''}`);
      pages.push(shown.items);
      at = shown.pagination[way] ?? undefined;
      if (pages.length > 50) throw new Error('no end to the pages');
    }
    return pages;
  }

  it.each(['-dateOfMisconduct', 'location', '-qty', 'status'])(
    'walks every complaint by next, sorted by %s, as the pages by number show them',
    async (sort) => {
      const query = `history=true&limit=100&sort=${sort}`;
      const byPlace = (await walk(query, 'next')).flat();
      const byNumber = await Promise.all(
        Array.from({ length: Math.ceil(TOTAL / 100) }, (_, k) => page('officer', `${query}&page=${k + 1}`)),
      );
      expect(refNos(byPlace)).toEqual(byNumber.flatMap((p) => refNos(p.items)));
      expect(new Set(refNos(byPlace)).size).toBe(TOTAL);
    },
  );

  it('answers the last page with cursor=last, and walks back to the first by previous', async () => {
    const query = 'history=true&limit=100&sort=-dateOfMisconduct';
    const last = await page('officer', `${query}&cursor=last`);
    expect(last.items).toHaveLength(100);
    expect(last.items.at(-1)!.refNo).toBe(archiveComplaint(ARCHIVE).refNo);
    expect(last.pagination.next).toBeNull();
    const backwards = await walk(query, 'previous', 'last');
    const forwards = await walk(query, 'next');
    expect(refNos(backwards.reverse().flat())).toEqual(refNos(forwards.flat()));
    // The first page reached going back starts the list and says so.
    expect(backwards[0]).toHaveLength(TOTAL % 100);
  });

  it('goes back and forth between the same two pages', async () => {
    const query = 'history=true&limit=10&sort=offender';
    const one = await page('officer', query);
    const two = await page('officer', `${query}&cursor=${one.pagination.next!}`);
    const back = await page('officer', `${query}&cursor=${two.pagination.previous!}`);
    expect(refNos(back.items)).toEqual(refNos(one.items));
    expect(refNos(two.items)).toEqual(refNos((await page('officer', `${query}&page=2`)).items));
  });

  it('keeps the filters and the caller’s scope on a page by place', async () => {
    // Alam Bersih's archive complaints are the waived ones (archive complaint k is theirs when k is a multiple of 3).
    const query = 'history=true&status=4&limit=20&sort=-createdAt';
    const one = await page('contractor', query);
    const two = await page('contractor', `${query}&cursor=${one.pagination.next!}`);
    const own = new Set(refNos([...one.items, ...two.items]));
    expect(own.size).toBe(40);
    expect([...one.items, ...two.items].every((c) => c.status === 4 && c.organization.id === ORGANIZATION_ID.alamBersih)).toBe(true);
  });

  it('refuses a place it did not give, or one of another order, with 400 on cursor', async () => {
    const one = await page('officer', 'history=true&limit=10&sort=location');
    for (const cursor of ['not-a-place', 'W10', one.pagination.next!]) {
      const res = await api.call('GET', `api/v1/complaints?history=true&sort=-location&cursor=${encodeURIComponent(cursor)}`, {
        as: 'officer',
      });
      expect(expectProblem(res, 400).errors?.cursor, cursor).toBeDefined();
    }
  });
});

describe('complaint list filters', () => {
  it('status: one or several, and an open list never shows a closed status', async () => {
    const fined = await page('officer', 'history=true&status=3&limit=1000&page=2');
    const all = [...(await page('officer', 'history=true&status=3&limit=1000')).items, ...fined.items];
    expect(all.every((c) => c.status === 3)).toBe(true);
    expect(all).toHaveLength(fixtureComplaints.filter((c) => c.status === 3).length + Math.ceil((ARCHIVE * 2) / 3));

    const twoStatuses = await page('officer', 'history=true&status=1,2&limit=1000');
    expect(twoStatuses.pagination.totalRow).toBe(fixtureComplaints.filter((c) => c.status <= 2).length);

    const openFined = await page('officer', 'status=3');
    expect(openFined.pagination.totalRow).toBe(0);
    const openSubmitted = await page('officer', 'status=1&limit=100');
    expect(openSubmitted.items.map((c) => c.status)).toEqual(fixtureComplaints.filter((c) => c.status === 1).map(() => 1));
  });

  it('type of offence, contractor and a period of misconduct combine with q and the caller scope', async () => {
    const durian = fixtureComplaints.find((c) => c.id === DISTINCTIVE_COMPLAINT_ID.durianHusks)!;
    const at = Date.parse(durian.dateOfMisconduct);
    const query = [
      'history=true',
      `typeOfOffenceId=${durian.typeOfOffence.id}`,
      `organizationId=${durian.organizationId}`,
      `from=${encodeURIComponent(new Date(at).toISOString())}`,
      `to=${encodeURIComponent(new Date(at + 1000).toISOString())}`,
    ].join('&');
    expect(refNos((await page('officer', query)).items)).toEqual([durian.refNo]);
    // `to` is exclusive: a period ending at the misconduct leaves it out.
    const before = query.replace(/to=[^&]+/, `to=${encodeURIComponent(new Date(at).toISOString())}`);
    expect((await page('officer', before)).items).toEqual([]);

    const expected = [...fixtureComplaints, ...archiveComplaints(ARCHIVE)].filter(
      (c) => c.typeOfOffence.id === durian.typeOfOffence.id && c.organizationId === ORGANIZATION_ID.alamBersih,
    );
    const contractor = await page('contractor', `history=true&typeOfOffenceId=${durian.typeOfOffence.id}&limit=1000`);
    expect(new Set(refNos(contractor.items))).toEqual(new Set(expected.map((c) => c.refNo)));
    // Another organisation's filter cannot widen a contractor's scope.
    const other = await page('contractor', `history=true&organizationId=${ORGANIZATION_ID.kitarHijau}`);
    expect(other.items).toEqual([]);
  });

  it('each combination of filters is its own query: a search never answers for a contractor’s scope', async () => {
    const searched = await page('officer', 'history=true&q=Jalan&limit=1000');
    expect(searched.items.length).toBeGreaterThan(0);
    const own = await page('contractor', 'history=true&limit=1000');
    const ownOrg = [...fixtureComplaints, ...archiveComplaints(ARCHIVE)].filter((c) => c.organizationId === ORGANIZATION_ID.alamBersih);
    expect(own.pagination.totalRow).toBe(ownOrg.length);
    expect(own.items.every((c) => c.organization.id === ORGANIZATION_ID.alamBersih)).toBe(true);
  });

  it('a search’s total is the same on every page: a full one, the last (short) one, and one past the end', async () => {
    const all = await page('officer', 'history=true&q=Jalan&limit=1000');
    const total = all.items.length;
    expect(total).toBeGreaterThan(3);
    expect(all.pagination.totalRow).toBe(total);
    const limit = 3;
    const lastPage = Math.ceil(total / limit);
    for (const n of [1, lastPage, lastPage + 1]) {
      const { items, pagination } = await page('officer', `history=true&q=Jalan&limit=${limit}&page=${n}`);
      expect(pagination, `page ${n}`).toMatchObject({ totalRow: total, totalPage: lastPage, totalEstimated: false });
      expect(items.length, `page ${n}`).toBe(n === lastPage ? total - (lastPage - 1) * limit : n > lastPage ? 0 : limit);
    }
    // A search one page holds whole, and one that finds nothing.
    const one = all.items[0]!.refNo;
    expect((await page('officer', `history=true&q=${one}`)).pagination).toMatchObject({ totalRow: 1, totalPage: 1 });
    expect((await page('officer', 'history=true&q=nothing-like-this')).pagination).toMatchObject({ totalRow: 0, totalPage: 0 });
  });

  it('a period given in another offset means the same instants', async () => {
    const inUtc = await page('officer', 'history=true&limit=1000&from=2026-03-01T00:00:00Z&to=2026-04-01T00:00:00Z');
    const inKl = await page('officer', 'history=true&limit=1000&from=2026-03-01T08:00:00%2B08:00&to=2026-04-01T08:00:00%2B08:00');
    expect(refNos(inKl.items)).toEqual(refNos(inUtc.items));
    expect(inUtc.items.length).toBeGreaterThan(0);
    for (const c of inUtc.items) expect(Date.parse(c.dateOfMisconduct)).toBeGreaterThanOrEqual(Date.parse('2026-03-01T00:00:00Z'));
  });

  it.each([
    ['status=5', 'status'],
    ['status=1,,2', 'status'],
    ['typeOfOffenceId=0', 'typeOfOffenceId'],
    ['organizationId=abc', 'organizationId'],
    ['from=yesterday', 'from'],
    ['from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z', 'to'],
  ])('refuses %s with 400 on that field', async (query, field) => {
    const problem = expectProblem(await api.call('GET', `api/v1/complaints?history=true&${query}`, { as: 'officer' }), 400);
    expect(Object.keys(problem.errors ?? {})).toContain(field);
  });
});

describe('GET /api/v1/complaints/filter-options', () => {
  it('offers every type of offence, inactive ones too, and the contractors within reach', async () => {
    const res = readAs(
      complaintFilterOptionsResponseSchema,
      await api.call('GET', 'api/v1/complaints/filter-options', { as: 'verifier' }),
    ).data;
    expect(res.typeOfOffences.map((t) => t.id).sort((a, b) => a - b)).toEqual(fixtureOffences.map((t) => t.id).sort((a, b) => a - b));
    expect(res.typeOfOffences.some((t) => !t.isActive)).toBe(true);
    expect(res.organizations.map((o) => o.id).sort()).toEqual([...CONTRACTOR_ORGANIZATION_IDS].sort());
    const own = readAs(
      complaintFilterOptionsResponseSchema,
      await api.call('GET', 'api/v1/complaints/filter-options', { as: 'contractor' }),
    ).data;
    expect(own.organizations.map((o) => o.id)).toEqual([ORGANIZATION_ID.alamBersih]);
  });
});

describe('CSV exports', () => {
  it('the whole filtered set, in list order, beyond any page', async () => {
    const res = await api.call('GET', 'api/v1/complaints.csv?history=true&status=3,4&sort=createdAt&tz=Asia/Kuala_Lumpur', {
      as: 'officer',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="complaint-history.csv"');
    const [header, ...rows] = csvRows(withoutBom(res.text));
    expect(header).toEqual([
      'Ref. No',
      'Type of Offence',
      'Contractor',
      'Contract',
      'Date of Misconduct',
      'Description',
      'Offender',
      'Location',
      'Quantity',
      'Status',
      'Justification',
      'Remark',
      'Registered At',
      'Registered By',
    ]);
    expect(rows).toHaveLength(ARCHIVE + fixtureComplaints.filter((c) => c.status >= 3).length);
    // Each complaint once, in the list's order, across the export's batches of a thousand.
    const listed = [1, 2].map((n) => page('officer', `history=true&status=3,4&sort=createdAt&limit=1000&page=${n}`));
    expect(rows.map((row) => row[0])).toEqual((await Promise.all(listed)).flatMap((p) => refNos(p.items)));
    const oldest = archiveComplaint(ARCHIVE);
    expect(rows[0]).toEqual([
      oldest.refNo,
      oldest.typeOfOffence.name,
      oldest.organization.name,
      oldest.contract!.contractNo,
      // The misconduct time in the caller's zone: archive complaints fall at Malaysian midnight minus k × 6 h.
      expect.stringMatching(/^2025-\d\d-\d\d (00|06|12|18):00:00$/),
      oldest.description,
      oldest.offender,
      oldest.location,
      String(oldest.qty),
      oldest.status === 3 ? 'Fined' : 'Waived',
      '',
      '',
      expect.stringMatching(/^2025-/),
      oldest.createdBy.fullName,
    ]);
  });

  it('in Malay: headers and status names', async () => {
    const res = await api.call('GET', 'api/v1/complaints.csv?history=true&status=1&lang=ms', { as: 'officer' });
    const [header, ...rows] = csvRows(withoutBom(res.text));
    expect(header!.slice(0, 3)).toEqual(['No. Rujukan', 'Jenis Kesalahan', 'Kontraktor']);
    expect(new Set(rows.map((r) => r[9]))).toEqual(new Set(['Dihantar']));
  });

  it('keeps a contractor to its own organisation, and an open export to open complaints', async () => {
    const res = await api.call('GET', 'api/v1/complaints.csv', { as: 'contractor' });
    const rows = csvRows(withoutBom(res.text)).slice(1);
    const expected = fixtureComplaints.filter((c) => c.organizationId === ORGANIZATION_ID.alamBersih && c.status <= 2);
    expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(expected.map((c) => c.refNo)));
    expect(res.headers['content-disposition']).toContain('open-complaints.csv');
  });

  it('makes cells a spreadsheet would run inert, and quotes what needs quoting', async () => {
    const created = await api.call('POST', 'api/v1/type-of-offences', {
      as: 'admin',
      body: { name: '=HYPERLINK("http://x.test","click")', description: '+1, -2 and @me\nsecond line', defaultRate: 5 },
    });
    expect(created.status).toBe(201);
    const res = await api.call('GET', `api/v1/type-of-offences.csv?q=${encodeURIComponent('HYPERLINK')}`, { as: 'admin' });
    expect(res.text).toContain(`"'=HYPERLINK(""http://x.test"",""click"")","'+1, -2 and @me\nsecond line",5.00,Active\r\n`);
    const [header, row] = csvRows(withoutBom(res.text));
    expect(header).toEqual(['Name', 'Description', 'Default Rate', 'Status']);
    expect(row).toEqual(['\'=HYPERLINK("http://x.test","click")', "'+1, -2 and @me\nsecond line", '5.00', 'Active']);
  });

  it('types of offence in Malay, in the list order', async () => {
    const res = await api.call('GET', 'api/v1/type-of-offences.csv?lang=ms&sort=-name', { as: 'officer' });
    const list = readAs(
      typeOfOffenceListResponseSchema,
      await api.call('GET', 'api/v1/type-of-offences?sort=-name&limit=1000', { as: 'officer' }),
    ).data.items;
    const [header, ...rows] = csvRows(withoutBom(res.text));
    expect(header).toEqual(['Nama', 'Keterangan', 'Kadar Lalai', 'Status']);
    expect(rows.map((r) => r[0])).toEqual(list.map((t) => inertText(t.name)));
    expect(new Set(rows.map((r) => r[3]))).toEqual(new Set(list.map((t) => (t.isActive ? 'Aktif' : 'Tidak aktif'))));
  });

  it('limited to the ticked complaints (`ids`): only those, in the list order, and never past the caller’s scope', async () => {
    const own = fixtureComplaints.filter((c) => c.organizationId === ORGANIZATION_ID.alamBersih && c.status <= 2).slice(0, 2);
    const another = fixtureComplaints.find((c) => c.organizationId === ORGANIZATION_ID.kitarHijau && c.status <= 2)!;
    const ids = [...own, another].map((c) => c.id).join(',');
    const officer = csvRows(withoutBom((await api.call('GET', `api/v1/complaints.csv?ids=${ids}&sort=refNo`, { as: 'officer' })).text));
    expect(officer.slice(1).map((r) => r[0])).toEqual([...own, another].map((c) => c.refNo).sort());
    const contractor = csvRows(
      withoutBom((await api.call('GET', `api/v1/complaints.csv?ids=${ids}&sort=refNo`, { as: 'contractor' })).text),
    );
    expect(contractor.slice(1).map((r) => r[0])).toEqual(own.map((c) => c.refNo).sort());
    // The list takes them too, with its other filters.
    const listed = await page('officer', `ids=${ids}&organizationId=${ORGANIZATION_ID.kitarHijau}`);
    expect(refNos(listed.items)).toEqual([another.refNo]);
    expect(listed.pagination.totalRow).toBe(1);
    for (const bad of ['0', '1,,2', 'x', '1;2', Array.from({ length: 1001 }, (_, i) => i + 1).join(',')]) {
      expectProblem(await api.call('GET', `api/v1/complaints.csv?ids=${bad}`, { as: 'officer' }), 400);
    }
  });

  it('refuses an unknown time zone or language, and a call without a session', async () => {
    expectProblem(await api.call('GET', 'api/v1/complaints.csv?tz=Mars/Olympus', { as: 'officer' }), 400);
    expectProblem(await api.call('GET', 'api/v1/complaints.csv?lang=fr', { as: 'officer' }), 400);
    expectProblem(await api.call('GET', 'api/v1/complaints.csv?history=true'), 401);
  });
});

describe('the overdue filter', () => {
  it('selects the submitted complaints whose time to justify has ended, in the open list and in History', async () => {
    // The fixture's submitted complaints are all past their time; one registered now is not.
    const model = fixtureComplaints.find((c) => c.status === 1 && c.contract !== null)!;
    const fresh = readAs(
      complaintResponseSchema,
      await api.call('POST', 'api/v1/complaints', {
        as: 'officer',
        body: {
          typeOfOffenceId: model.typeOfOffence.id,
          organizationId: model.organizationId,
          contractId: model.contract!.id,
          dateOfMisconduct: model.dateOfMisconduct,
          description: 'Bins left open.',
          offender: 'Crew D',
          location: 'Jalan Kenanga',
          qty: 1,
        },
      }),
    ).data;
    const everything = [
      ...(await page('officer', 'history=true&limit=1000')).items,
      ...(await page('officer', 'history=true&limit=1000&page=2')).items,
    ];
    const now = Date.now();
    const expected = everything.filter((c) => c.status === 1 && c.justifyBy !== null && Date.parse(c.justifyBy) < now);
    expect(expected.length).toBeGreaterThan(0);
    expect(Date.parse(fresh.justifyBy!)).toBeGreaterThan(now);

    const open = await page('officer', 'overdue=true&limit=1000');
    const history = await page('officer', 'history=true&overdue=true&limit=1000');
    expect(new Set(refNos(open.items))).toEqual(new Set(refNos(expected)));
    expect(new Set(refNos(history.items))).toEqual(new Set(refNos(expected)));
    expect(refNos(open.items)).not.toContain(fresh.refNo);
    // A status that cannot be overdue selects nothing.
    expect((await page('officer', 'history=true&overdue=true&status=2')).items).toEqual([]);

    // `overdue=false`: the submitted ones still within their time, here only the fresh one.
    const inTime = everything.filter((c) => c.status === 1 && c.justifyBy !== null && Date.parse(c.justifyBy) >= now);
    expect(refNos(inTime)).toEqual([fresh.refNo]);
    expect(refNos((await page('officer', 'overdue=false&limit=1000')).items)).toEqual([fresh.refNo]);
    expect(refNos((await page('officer', 'history=true&overdue=false&limit=1000')).items)).toEqual([fresh.refNo]);
    expect((await page('officer', 'history=true&overdue=false&status=3')).items).toEqual([]);
  });
});
