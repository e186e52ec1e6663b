import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { ButtonsGallery } from './buttons-gallery';

describe('ButtonsGallery', () => {
  it('names each icon-only row action after its row', async () => {
    renderWithApp(<ButtonsGallery />);
    for (const name of ['Edit Zon Pusat', 'Deactivate Zon Pusat', 'Delete Zon Pusat', 'View detail of SMP-2026-000001']) {
      expect(await screen.findByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('asks before a delete, Cancel first, and the red Delete waits then says nothing was deleted', async () => {
    const user = userEvent.setup();
    renderWithApp(<ButtonsGallery />);
    await user.click(await screen.findByRole('button', { name: 'Delete Zon Pusat' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete Zon Pusat' });
    await waitFor(() => expect(within(ask).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(ask).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This is a sample: nothing was deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deactivates the sample row after a moment busy, then offers to activate it', async () => {
    const user = userEvent.setup();
    renderWithApp(<ButtonsGallery />);
    await user.click(await screen.findByRole('button', { name: 'Deactivate Zon Pusat' }));
    expect(await screen.findByRole('button', { name: 'Activate Zon Pusat' })).toBeInTheDocument();
  });

  it('shows Save enabled, disabled and loading', async () => {
    renderWithApp(<ButtonsGallery />);
    const saves = await screen.findAllByRole('button', { name: 'Save' });
    expect(saves.filter((button) => button.hasAttribute('disabled')).length).toBeGreaterThanOrEqual(2);
    expect(saves.some((button) => button.hasAttribute('data-loading'))).toBe(true);
  });
});
