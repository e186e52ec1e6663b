import type { EvidencePack } from '@domain';

/*
 * The mocks' evidence pack: the same parts as the server's (domain/evidence-pack.ts decides them),
 * drawn small with pdfkit's browser build and its standard Helvetica (Latin-1 holds every Malay
 * letter); each photo by its words, not its picture (the mocks keep fixture pictures as addresses).
 * pdfkit comes only when a pack is asked for.
 */
export async function smallPackPdf(pack: EvidencePack): Promise<Uint8Array> {
  const [pdfkit, helvetica, helveticaBold, courier] = await Promise.all([
    import('pdfkit'),
    import('pdfkit/standard-fonts/Helvetica'),
    import('pdfkit/standard-fonts/HelveticaBold'),
    import('pdfkit/standard-fonts/Courier'),
  ]);
  const PDFDocument = pdfkit.default;
  // The browser build draws only the standard fonts it is given; Node's finds its own.
  const { registerStdFonts } = pdfkit as unknown as { registerStdFonts?: (...fonts: unknown[]) => void };
  registerStdFonts?.(helvetica.default, helveticaBold.default, courier.default);
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: pack.title, Creator: 'Complaint Desk (mock)' } });
  const chunks: Uint8Array[] = [];
  const done = new Promise<void>((resolve, reject) => {
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(15).text(pack.title).moveDown(0.3);
  doc.font('Helvetica').fontSize(8).text(pack.footer).moveDown(0.5);
  for (const block of pack.blocks) {
    if (block.kind === 'heading') doc.moveDown(0.5).font('Helvetica-Bold').fontSize(12).text(block.text);
    else if (block.kind === 'field')
      doc.font('Helvetica-Bold').fontSize(9).text(`${block.label}: `, { continued: true }).font('Helvetica').text(block.value);
    else if (block.kind === 'text') doc.font('Helvetica').fontSize(9).text(block.text);
    else if (block.kind === 'code') doc.font('Courier').fontSize(7).text(block.text);
    else {
      doc.moveDown(0.3).font('Helvetica-Bold').fontSize(10).text(block.title);
      for (const line of block.lines) doc.font('Helvetica').fontSize(9).text(line);
      doc.font('Courier').fontSize(7).text(block.sha256);
    }
  }
  doc.end();
  await done;
  const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}
