import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { complaints } from '@fixtures';
import { server } from '@mocks/node';
import { renderWithApp, signInAs } from '@/test/render';
import { EvidencePanel } from './evidence-panel';

// What the verifier reads of a complaint's photos, and what it sees when there is nothing to read
// or the reading fails. The words of each finding are the journey's (e2e/evidence.spec.ts).

const withoutPhotos = complaints.find((c) => c.complaintAttachments.length === 0 && c.justificationAttachments.length === 0)!;

describe('EvidencePanel', () => {
  it('lists the findings of complaint 61 with a count of those that call for a look, and each photo', async () => {
    signInAs('verifier');
    renderWithApp(<EvidencePanel complaintId={61} />);
    const region = await screen.findByRole('region', { name: 'Photo evidence' });
    const findings = await within(region).findByRole('list', { name: 'Findings' });
    expect(within(findings).getAllByRole('listitem')).toHaveLength(3);
    // The missing capture time is neutral: two findings counted, not three.
    expect(within(region).getByText('2 findings')).toBeInTheDocument();
    expect(within(findings).getByRole('link', { name: 'CMP-2026-000058' })).toHaveAttribute(
      'href',
      '/manage-complaint/history-complaint?detail=58',
    );
    expect(within(within(region).getByRole('list', { name: 'What each photo says' })).getAllByRole('listitem')).toHaveLength(3);
  });

  it('says so when the complaint has no photos', async () => {
    signInAs('verifier');
    renderWithApp(<EvidencePanel complaintId={withoutPhotos.id} />);
    expect(await screen.findByText('No photos to examine.')).toBeInTheDocument();
  });

  it('shows a failed reading with Retry, and reads again on it', async () => {
    signInAs('verifier');
    let fail = true;
    server.use(
      http.get('*/api/v1/complaints/:id/evidence', () =>
        fail ? HttpResponse.json({ type: 'about:blank', title: 'Boom', status: 500 }, { status: 500 }) : undefined,
      ),
    );
    renderWithApp(<EvidencePanel complaintId={50} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not read what the photos say');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/^Nothing to note/)).toBeInTheDocument();
  });
});
