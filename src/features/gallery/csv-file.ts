import { CSV_BOM, csvLine, type Cell } from '@domain/exports';

/** A CSV written the way the server writes its exports (domain/exports.ts), saved from memory. */
export function saveCsv(fileName: string, rows: readonly (readonly Cell[])[]) {
  const blob = new Blob([CSV_BOM, ...rows.map(csvLine)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
