import { describe, expect, it } from 'vitest';
import { complaintCsv, csvLine, inertText, zonedTime } from './exports';

describe('CSV exports', () => {
  it('begin with a UTF-8 byte-order mark, so spreadsheet programs read Malay text right', () => {
    expect(complaintCsv.header('ms').startsWith('\uFEFFNo. Rujukan,')).toBe(true);
  });

  it.each([
    ['=1+2', "'=1+2"],
    ['+60 12', "'+60 12"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=cmd', "'\t=cmd"],
    ['plain text', 'plain text'],
    ['a=b', 'a=b'],
  ])('makes %j inert as %j', (text, inert) => {
    expect(inertText(text)).toBe(inert);
  });

  it('quotes cells with commas, quotes or line breaks; numbers and empty cells stay bare', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', 3, null, ''])).toBe('"a,b","say ""hi""","two\nlines",3,,\r\n');
  });

  it('writes times in the asked zone, on a 24-hour clock', () => {
    expect(zonedTime('2026-03-01T16:30:05Z', 'Asia/Kuala_Lumpur')).toBe('2026-03-02 00:30:05');
    expect(zonedTime('2026-03-01T16:30:05+08:00', 'UTC')).toBe('2026-03-01 08:30:05');
  });

  it.each(['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns', 'Asia/Kuala_Lumpur'])(
    'writes the time Intl gives in %s, across its changes of offset too',
    (tz) => {
      const reference = new Intl.DateTimeFormat('sv-SE', {
        timeZone: tz,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
      // Every 67 minutes and 13 seconds through 2025, its changes of offset included, then a few far instants.
      const instants = [];
      for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2026, 0, 1); t += 4_033_000) instants.push(t);
      instants.push(Date.UTC(1999, 11, 31, 23, 59, 59, 999), Date.UTC(2038, 0, 19, 3, 14, 8), Date.UTC(2026, 2, 8, 6, 59, 59, 500));
      const written = instants.map((t) => `${new Date(t).toISOString()} ${zonedTime(new Date(t).toISOString(), tz)}`);
      expect(written).toEqual(instants.map((t) => `${new Date(t).toISOString()} ${reference.format(t)}`));
    },
  );
});
