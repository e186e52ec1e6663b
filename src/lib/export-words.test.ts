import { describe, expect, it } from 'vitest';
import { STATUS_NAMES } from '@domain/exports';
import en from '../../public/locales/en/translation.json';
import ms from '../../public/locales/ms/translation.json';

describe('the words of CSV exports', () => {
  it.each([
    ['en', en],
    ['ms', ms],
  ] as const)('name statuses in %s as the screens do', (lang, locale) => {
    const screens = Object.fromEntries(Object.entries(locale.complaints.statusNames).map(([code, name]) => [Number(code), name]));
    expect(STATUS_NAMES[lang]).toEqual(screens);
  });
});
