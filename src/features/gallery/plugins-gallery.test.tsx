import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { PluginsGallery } from './plugins-gallery';

/** Stand-in for the complaint form's image input, which the route hands in: each image and how far it got. */
function renderPage() {
  renderWithApp(
    <PluginsGallery
      imageInput={({ label, attachments }) => (
        <ul aria-label={label}>
          {attachments.items.map((item) => (
            <li key={item.key}>{`${item.name}: ${item.state} ${item.progress}%`}</li>
          ))}
        </ul>
      )}
      formulaField={<p>Manage Formula’s field</p>}
    />,
  );
}

describe('PluginsGallery', () => {
  it('plays a sample image’s upload from 0 to 100 % in about two seconds, sending nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add a sample image' }));
    const images = screen.getByRole('list', { name: 'Complaint images' });
    expect(within(images).getByText(/^sample-1\.png: uploading \d+%$/)).toBeInTheDocument();
    expect(await within(images).findByText('sample-1.png: done 100%', {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it('shows the formula field the route hands in, under its heading', async () => {
    renderPage();
    expect(await screen.findByText('Manage Formula’s field')).toBeInTheDocument();
  });

  it('has the period picker of the complaint list and a date-and-time field', async () => {
    renderPage();
    expect(await screen.findByRole('button', { name: 'Date of misconduct' })).toBeInTheDocument();
    expect(screen.getAllByText('Date of Misconduct').length).toBeGreaterThan(0);
  });
});
