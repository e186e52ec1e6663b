import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COMPLAINT_STATUS_TEXT } from '@contract/complaint-status';
import { renderWithApp } from '@/test/render';
import { BaseGallery } from './base-gallery';
import { IconsGallery } from './icons-gallery';
import { PRODUCT_ICONS } from './product-icons';
import { testBadges } from './test-badges';

describe('BaseGallery', () => {
  it('shows the badges, the messages and the states of a load', async () => {
    renderWithApp(<BaseGallery badges={testBadges} />);
    for (const text of Object.values(COMPLAINT_STATUS_TEXT)) expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('The record could not be saved. Try again.');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.getByText('No items found')).toBeInTheDocument();
  });

  it('keeps its headings in order: the page, then one per section', async () => {
    renderWithApp(<BaseGallery badges={testBadges} />);
    await screen.findByRole('heading', { level: 2, name: 'Typography' });
    expect(screen.queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('retries a failed load as if waiting for the server', async () => {
    const user = userEvent.setup();
    renderWithApp(<BaseGallery badges={testBadges} />);
    const failed = (await screen.findAllByRole('alert')).find((alert) => alert.textContent?.includes('Could not load this'))!;
    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(within(failed).getByRole('button', { name: 'Retry' })).toHaveAttribute('data-loading');
  });
});

describe('IconsGallery', () => {
  it('shows every icon the product uses with its meaning', async () => {
    renderWithApp(<IconsGallery />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(PRODUCT_ICONS.length);
    expect(screen.getByText('IconEye').nextSibling).toHaveTextContent('View details of a complaint or claim');
    expect(screen.getByText('IconPencil').nextSibling).toHaveTextContent('Edit a record');
    for (const item of items) expect(item.textContent).not.toMatch(/gallery\./);
  });
});
