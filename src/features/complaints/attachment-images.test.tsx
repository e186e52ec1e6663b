import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Attachment } from '@contract';
import { renderWithApp } from '@/test/render';
import { AttachmentThumbnails } from './attachment-thumbnails';
import { ImagePreviewModal, type PreviewImage } from './image-preview-modal';

const signed = (fileId: string) => `/api/v1/files/${fileId}?exp=1900000000&sig=s1gnature`;
const photos: Attachment[] = ['0b9c6c2e-8f0a-4a57-9d49-2f1f3c0a7e11', '6d1f8a90-3c2b-4e7d-8a1e-5b9f0c2d4e33'].map((fileId, i) => ({
  id: i + 1,
  fileId,
  file: signed(fileId),
}));

/** The thumbnails and the modal as a complaint's detail composes them. */
function Attachments() {
  const [preview, setPreview] = useState<PreviewImage | null>(null);
  return (
    <>
      <AttachmentThumbnails label="Complaint attachments" attachments={photos} onOpen={setPreview} />
      <ImagePreviewModal image={preview} onClose={() => setPreview(null)} />
    </>
  );
}

describe('attachment images', () => {
  it('draws the thumbnails from the small copies and enlarges to the display copy, the original only to download', async () => {
    const user = userEvent.setup();
    renderWithApp(<Attachments />);

    const thumbnails = within(await screen.findByRole('group', { name: 'Complaint attachments' })).getAllByRole('img');
    expect(thumbnails.map((img) => img.getAttribute('src'))).toEqual(photos.map((p) => `${p.file}&variant=thumb`));

    await user.click(screen.getByRole('button', { name: 'Enlarge Complaint attachments 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image' });
    expect(within(dialog).getByRole('img', { name: 'Complaint attachments 2' })).toHaveAttribute(
      'src',
      `${photos[1]!.file}&variant=display`,
    );
    const download = within(dialog).getByRole('link', { name: 'Download original' });
    expect(download).toHaveAttribute('href', `${photos[1]!.file}&download=1`);
    expect(download).toHaveAttribute('download');
  });
});
