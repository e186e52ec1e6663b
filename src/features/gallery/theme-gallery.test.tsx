import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLAIM_STATUSES } from '@contract/claim-record-fields';
import { COMPLAINT_STATUS_TEXT } from '@contract/complaint-status';
import { renderWithApp } from '@/test/render';
import { testBadges } from './test-badges';
import { ThemeGallery } from './theme-gallery';

describe('ThemeGallery', () => {
  it('shows every complaint and claim status badge in a light and a dark panel', async () => {
    renderWithApp(<ThemeGallery badges={testBadges} />);
    await screen.findByTestId('scheme-light');
    for (const scheme of ['light', 'dark']) {
      const panel = screen.getByTestId(`scheme-${scheme}`);
      for (const text of Object.values(COMPLAINT_STATUS_TEXT)) expect(within(panel).getByText(text)).toBeInTheDocument();
      for (const status of CLAIM_STATUSES) expect(within(panel).getByText(status)).toBeInTheDocument();
    }
  });

  it('gives each panel its own scheme and that scheme’s colours, with their values', async () => {
    renderWithApp(<ThemeGallery badges={testBadges} />);
    const light = await screen.findByTestId('scheme-light');
    const dark = screen.getByTestId('scheme-dark');
    expect(light).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(dark).toHaveAttribute('data-mantine-color-scheme', 'dark');
    // Mantine's page is white in light and dark.7 in dark, and each panel says so.
    expect(light.style.getPropertyValue('--mantine-color-body')).toBe('#fff');
    expect(dark.style.getPropertyValue('--mantine-color-body')).toBe('var(--mantine-color-dark-7)');
    expect(within(light).getByText('Page background').nextSibling).toHaveTextContent('#fff');
    expect(within(dark).getByText('Page background').nextSibling).toHaveTextContent('#242424');
  });

  it('lists the primary colour’s shades and marks the one each scheme uses', async () => {
    renderWithApp(<ThemeGallery badges={testBadges} />);
    expect(await screen.findAllByText(/^blue \d$/)).toHaveLength(10);
    expect(screen.getByText('Used in Light')).toBeInTheDocument();
    expect(screen.getByText('Used in Dark')).toBeInTheDocument();
  });
});
