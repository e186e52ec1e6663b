import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { complaints, fixtureComplaint } from '@fixtures';
import { formatDateTime } from '@/lib/date-format';
import { inMalay } from '@/test/in-malay';
import { renderWithApp, signInAs } from '@/test/render';
import { ComplaintDetailFields } from './complaint-detail-fields';

// Issue 47 on the detail: where the officer stood and a complaint the phone made offline, or nothing of either.

/** The fixture complaint whose officer stood by its photo, and whose phone sent it later. */
const madeInTheField = fixtureComplaint(50);
const plain = complaints.find((c) => c.coordinates === null && c.madeOffline === null)!;

beforeEach(() => {
  signInAs('verifier');
});

/** The detail as the verifier sees it, its offence types and photo evidence read before the test ends. */
async function renderDetail(complaint: Parameters<typeof ComplaintDetailFields>[0]['complaint']) {
  const view = renderWithApp(<ComplaintDetailFields complaint={complaint} onOpenImage={() => {}} />);
  await screen.findByLabelText(/Offender|Pesalah/);
  await waitFor(() => expect(view.queryClient.isFetching()).toBe(0));
  return view;
}

describe('ComplaintDetailFields, made in the field', () => {
  it('shows where the officer stood to six places as a map link, with its accuracy, and when and on what it was made offline', async () => {
    await renderDetail(madeInTheField);
    const link = screen.getByRole('link', { name: '3.156950, 101.712250' });
    expect(link).toHaveAttribute('href', 'geo:3.156950,101.712250;u=12');
    expect(screen.getByText('Where the officer stood')).toBeInTheDocument();
    expect(link.parentElement).toHaveTextContent('3.156950, 101.712250 ± 12 m');
    const at = formatDateTime(madeInTheField.madeOffline!.at);
    expect(at).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2} [AP]M$/);
    expect(screen.getByText(`Made offline at ${at} on Chrome on Android, sent later`)).toBeInTheDocument();
  });

  it('says it in Malay', async () => {
    await inMalay(async () => {
      const view = await renderDetail(madeInTheField);
      expect(screen.getByText('Tempat pegawai berdiri')).toBeInTheDocument();
      const at = formatDateTime(madeInTheField.madeOffline!.at);
      expect(screen.getByText(`Dibuat di luar talian pada ${at} menggunakan Chrome on Android, dihantar kemudian`)).toBeInTheDocument();
      // Gone before English comes back, which would render it again after the test.
      view.unmount();
    });
  });

  it('keeps a long device name whole, and gives no accuracy when the phone gave none', async () => {
    const device = `Samsung Internet 26 on Galaxy Tab Active5 Pro Enterprise Edition ${'x'.repeat(34)}`;
    await renderDetail({
      ...madeInTheField,
      coordinates: { latitude: -33.8688, longitude: 151.2093, accuracyMeters: null },
      madeOffline: { ...madeInTheField.madeOffline!, device },
    });
    const link = screen.getByRole('link', { name: '-33.868800, 151.209300' });
    expect(link.parentElement).toHaveTextContent(/^-33\.868800, 151\.209300$/);
    expect(screen.getByText(new RegExp(`on ${device}, sent later$`))).toHaveStyle({ overflowWrap: 'anywhere' });
  });

  it('says nothing of either when the complaint has neither', async () => {
    await renderDetail(plain);
    expect(screen.queryByText('Where the officer stood')).not.toBeInTheDocument();
    expect(screen.queryByText(/Made offline/)).not.toBeInTheDocument();
  });
});
