import { describe, expect, it } from 'vitest';
import { type ListSearch, listParamsOf, nextSearch, parseComplaintListSearch, parseListSearch } from './list-search';

const FIELDS = ['refNo', 'dateOfMisconduct', 'qty'] as const;
const ALL = ['submitted', 'justified', 'fined', 'waived'];
const OPEN = ['submitted', 'justified'];

describe('a list view read from the URL', () => {
  it('keeps good values', () => {
    expect(parseListSearch({ q: ' bins ', sort: '-qty', page: '3', size: '50' }, FIELDS)).toEqual({
      q: 'bins',
      sort: '-qty',
      page: 3,
      size: 50,
    });
    expect(parseListSearch({ sort: 'refNo', page: 2, size: 5 }, FIELDS)).toEqual({ sort: 'refNo', page: 2, size: 5 });
  });

  it('keeps the columns put away: names only, each once', () => {
    expect(parseListSearch({ hide: 'description,location' }, FIELDS)).toEqual({ hide: 'description,location' });
    expect(parseListSearch({ hide: 'location,location,<b>,,qty' }, FIELDS)).toEqual({ hide: 'location,qty' });
    expect(parseListSearch({ hide: ',<script>,' }, FIELDS)).toEqual({});
    expect(parseListSearch({ hide: ['location'] }, FIELDS)).toEqual({});
    expect(parseListSearch({ hide: Array.from({ length: 40 }, (_, i) => `c${i}`).join(',') }, FIELDS).hide?.split(',')).toHaveLength(30);
  });

  it('leaves defaults out, so the URL stays short', () => {
    expect(parseListSearch({ q: '   ', page: '1', size: '10' }, FIELDS)).toEqual({});
  });

  it.each([
    ['an unknown sort field', { sort: 'password' }],
    ['a sort of two minus signs', { sort: '--qty' }],
    ['a page of zero, a negative or a fraction', { page: '0' }],
    ['a negative page', { page: '-4' }],
    ['a fractional page', { page: '2.5' }],
    ['an absurd page', { page: '99999999999' }],
    ['a page size not offered', { size: '1000' }],
    ['a text longer than the API takes', { q: 'x'.repeat(201) }],
    ['values of the wrong type', { q: ['a', 'b'], sort: { field: 'qty' }, page: 'NaN', size: null }],
    ['markup', { q: undefined, sort: '<script>alert(1)</script>' }],
  ])('falls back to defaults for %s', (_, search) => {
    expect(parseListSearch(search as Record<string, unknown>, FIELDS)).toEqual({});
  });

  it('keeps a complaint list’s filters, statuses in order and once each', () => {
    expect(
      parseComplaintListSearch(
        { status: 'fined,submitted,fined', offence: '2', contractor: 7, from: '2026-02-01', to: '2026-02-28' },
        FIELDS,
        ALL,
      ),
    ).toEqual({
      status: 'submitted,fined',
      offence: 2,
      contractor: 7,
      from: '2026-02-01',
      to: '2026-02-28',
    });
  });

  it.each([
    ['statuses the list does not show', { status: 'fined,waived' }, OPEN],
    ['statuses by number, or unknown', { status: '1,2,cancelled' }, ALL],
    ['every status the list shows (the default)', { status: 'justified,submitted' }, OPEN],
    ['an id that is no id', { offence: 'abc', contractor: '-1' }, ALL],
    ['a day that does not exist', { from: '2026-02-31', to: '2026-13-01' }, ALL],
    ['a day in another shape', { from: '01-02-2026', to: '2026-2-1' }, ALL],
  ])('drops %s', (_, search, statuses) => {
    expect(parseComplaintListSearch(search, FIELDS, statuses)).toEqual({});
  });

  it('keeps only the start of a period that ends before it starts', () => {
    expect(parseComplaintListSearch({ from: '2026-03-10', to: '2026-03-01' }, FIELDS, ALL)).toEqual({ from: '2026-03-10' });
  });
});

describe('changing a view', () => {
  it('goes back to the first page whenever anything but the page changes', () => {
    expect(nextSearch<ListSearch>({ q: 'bins', page: 4 }, { sort: '-qty' })).toEqual({ q: 'bins', sort: '-qty' });
    expect(nextSearch({ q: 'bins', page: 4 }, { page: 5 })).toEqual({ q: 'bins', page: 5 });
  });

  it('keeps the page and the place when only the columns change', () => {
    expect(nextSearch<ListSearch>({ q: 'bins', page: 4, at: 'abc' }, { hide: 'qty' })).toEqual({
      q: 'bins',
      page: 4,
      at: 'abc',
      hide: 'qty',
    });
    expect(nextSearch<ListSearch>({ page: 4, hide: 'qty' }, { hide: undefined })).toEqual({ page: 4 });
    expect(nextSearch<ListSearch>({ page: 4, hide: 'qty' }, { hide: undefined, q: 'x' })).toEqual({ q: 'x' });
  });

  it('drops a value changed back to its default', () => {
    expect(nextSearch({ q: 'bins', sort: 'qty', page: 2 }, { q: undefined, page: 1 })).toEqual({ sort: 'qty' });
  });

  it('asks the API for the view’s page, size, order and text', () => {
    expect(listParamsOf({}, '-dateOfMisconduct')).toEqual({ page: 1, limit: 10, sort: '-dateOfMisconduct' });
    expect(listParamsOf({ q: 'x', sort: 'qty', page: 3, size: 20 }, '-dateOfMisconduct')).toEqual({
      page: 3,
      limit: 20,
      sort: 'qty',
      q: 'x',
    });
  });
});
