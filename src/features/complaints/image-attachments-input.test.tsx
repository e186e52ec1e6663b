import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { ImageAttachmentsInput } from './image-attachments-input';
import type { ImageAttachments } from './use-image-attachments';

const attachments = (): ImageAttachments => ({
  items: [],
  rejected: [],
  add: vi.fn(),
  remove: vi.fn(),
  fileIds: [],
  changed: false,
  notReady: null,
});

const { matchMedia } = window;

/** A device whose main pointer is a finger (a phone or tablet), or a mouse. */
function pointer(kind: 'coarse' | 'fine') {
  window.matchMedia = (query) => ({ ...matchMedia(query), matches: query === `(pointer: ${kind})` });
}

afterEach(() => {
  window.matchMedia = matchMedia;
});

describe('ImageAttachmentsInput', () => {
  it('on a phone, takes photos with the rear camera one after another, each added', async () => {
    pointer('coarse');
    const user = userEvent.setup();
    const images = attachments();
    renderWithApp(<ImageAttachmentsInput label="Complaint images" attachments={images} />);

    expect(await screen.findByRole('button', { name: 'Take photo' })).toBeEnabled();
    const input = screen.getByTestId<HTMLInputElement>('take-photo-input');
    expect(input).toHaveAttribute('capture', 'environment');
    expect(input).toHaveAttribute('accept', screen.getByTestId('image-attachments-input').getAttribute('accept'));

    // A camera may name every photo alike: the second must still be taken in.
    const photo = new File(['jpeg'], 'image.jpg', { type: 'image/jpeg' });
    await user.upload(input, photo);
    expect(images.add).toHaveBeenLastCalledWith([photo]);
    expect(input.files).toHaveLength(0);
    await user.upload(input, photo);
    expect(images.add).toHaveBeenCalledTimes(2);
  });

  it('is not offered on a computer, where it would repeat Add images', async () => {
    pointer('fine');
    renderWithApp(<ImageAttachmentsInput label="Complaint images" attachments={attachments()} />);

    expect(await screen.findByRole('button', { name: 'Add images' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take photo' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('take-photo-input')).not.toBeInTheDocument();
  });

  it('is disabled with Add images', async () => {
    pointer('coarse');
    renderWithApp(<ImageAttachmentsInput label="Complaint images" attachments={attachments()} disabled />);

    expect(await screen.findByRole('button', { name: 'Take photo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add images' })).toBeDisabled();
  });
});
