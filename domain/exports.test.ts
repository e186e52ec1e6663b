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
});
