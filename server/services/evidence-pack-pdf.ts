import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { EvidencePack } from '../../domain/evidence-pack';
import type { FileStore } from './file-store';

/*
 * An evidence pack (domain/evidence-pack.ts) drawn as a PDF with pdfkit (issue 35): DejaVu Sans
 * embedded (only the letters used), so Malay and every sign print alike on any reader; each photo
 * at display size as a JPEG; who made it and when on every page's foot. The document is a stream:
 * pages go out as they are drawn, one photo in memory at a time.
 */

const FONTS = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FACE = { regular: join(FONTS, 'DejaVuSans.ttf'), bold: join(FONTS, 'DejaVuSans-Bold.ttf'), mono: join(FONTS, 'DejaVuSansMono.ttf') };

const MARGIN = 50;
/** The longest side a photo takes on the page, in points (a 1600 px display copy is shrunk to twice this). */
const PHOTO_BOX = { width: 320, height: 240 };

/** The photo's display copy as a JPEG pdfkit can draw, or null when the storage has none. */
export async function packPhoto(store: FileStore, storageName: string): Promise<Buffer | null> {
  const key = await store.variant(storageName, 'display').catch(() => null);
  const body = key && (await store.storage.read(key));
  if (!body) return null;
  return sharp(await buffer(body))
    .resize(PHOTO_BOX.width * 2, PHOTO_BOX.height * 2, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * The pack as a PDF stream. `photo` gives each photo's JPEG by file id (null: drawn as missing).
 * A failure while drawing ends the stream with the error, so a download never looks whole.
 */
export function evidencePackPdf(pack: EvidencePack, photo: (fileId: string) => Promise<Buffer | null>) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: pack.title, Creator: 'Complaint Desk', Producer: 'Complaint Desk' },
    compress: true,
  });
  doc.registerFont('regular', FACE.regular);
  doc.registerFont('bold', FACE.bold);
  doc.registerFont('mono', FACE.mono);
  const width = doc.page.width - 2 * MARGIN;

  /** Who made it and when, at the foot of every page (the bottom margin stood down while it is written). */
  const foot = () => {
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const { x, y } = doc;
    doc
      .font('regular')
      .fontSize(7)
      .fillColor('#666666')
      .text(pack.footer, MARGIN, doc.page.height - MARGIN + 16, { width, align: 'center' });
    doc.fillColor('black');
    doc.x = x;
    doc.y = y;
    doc.page.margins.bottom = bottom;
  };
  doc.on('pageAdded', foot);
  foot();

  /** A new page unless `height` more points fit on this one. */
  const room = (height: number) => {
    if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
  };

  void (async () => {
    doc.font('bold').fontSize(16).text(pack.title, { width });
    doc.moveDown(0.5);
    for (const block of pack.blocks) {
      switch (block.kind) {
        case 'heading':
          room(40);
          doc.moveDown(0.6).font('bold').fontSize(12).text(block.text, { width }).moveDown(0.2);
          break;
        case 'field':
          doc.font('bold').fontSize(9).text(`${block.label}: `, { width, continued: true }).font('regular').fontSize(10).text(block.value);
          break;
        case 'text':
          doc.font('regular').fontSize(10).text(block.text, { width }).moveDown(0.15);
          break;
        case 'code':
          doc.font('mono').fontSize(7.5).fillColor('#333333').text(block.text, { width }).fillColor('black').moveDown(0.15);
          break;
        case 'photo': {
          const jpeg = await photo(block.fileId);
          room(PHOTO_BOX.height + 40 + block.lines.length * 12);
          doc.moveDown(0.3).font('bold').fontSize(10).text(block.title, { width });
          if (jpeg) {
            const top = doc.y + 4;
            doc.image(jpeg, MARGIN, top, { fit: [PHOTO_BOX.width, PHOTO_BOX.height] });
            doc.y = top + PHOTO_BOX.height + 6;
            doc.x = MARGIN;
          } else doc.font('regular').fontSize(9).fillColor('#aa0000').text(pack.missingPhoto, { width }).fillColor('black');
          for (const line of block.lines) doc.font('regular').fontSize(9).text(line, { width });
          doc.font('mono').fontSize(7.5).text(block.sha256, { width });
          break;
        }
      }
    }
    doc.end();
  })().catch((error: unknown) => doc.destroy(error as Error));
  return doc;
}
