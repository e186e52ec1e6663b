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
      describeFormulaError={(_t, error) => `refused: ${error.code} at ${error.position + 1}`}
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

  it('prices the formula for the sample values as it is typed, and says what is wrong with a broken one', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByTestId('formula-sample-result')).toHaveTextContent('RM 600.00');
    const field = screen.getByRole('textbox', { name: 'Expression' });
    await user.clear(field);
    await user.type(field, 'rate * qty');
    expect(screen.getByTestId('formula-sample-result')).toHaveTextContent('RM 300.00');
    await user.type(field, ' *');
    expect(screen.getByTestId('formula-sample-result')).toHaveTextContent('— (the expression does not check yet)');
    expect(screen.getByText(/^refused: /)).toBeInTheDocument();
  });

  it('has the period picker of the complaint list and a date-and-time field', async () => {
    renderPage();
    expect(await screen.findByRole('button', { name: 'Date of misconduct' })).toBeInTheDocument();
    expect(screen.getAllByText('Date of Misconduct').length).toBeGreaterThan(0);
  });
});
