import { screen } from '@testing-library/react';
import { HTTPError, type NormalizedOptions } from 'ky';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { ErrorState } from './error-state';

const failed = (status: number) =>
  new HTTPError(new Response(null, { status }), new Request('http://app/api/v1/complaints/63'), {} as NormalizedOptions);

describe('ErrorState', () => {
  it.each([403, 404])('words a %i as not there or not yours, with nothing to retry', async (status) => {
    renderWithApp(<ErrorState error={failed(status)} title="Could not load the complaint" onRetry={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Not there, or not yours to see');
    expect(screen.getByRole('alert')).toHaveTextContent('your account may not open it');
    expect(screen.queryByText(/connection/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says a network failure is one, and offers Retry', async () => {
    renderWithApp(<ErrorState error={new TypeError('Failed to fetch')} title="Could not load the complaint" onRetry={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the complaint');
    expect(screen.getByRole('alert')).toHaveTextContent('You seem to be offline');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('says a server failure is the server’s, and offers Retry', async () => {
    renderWithApp(<ErrorState error={failed(500)} title="Could not load the complaint" onRetry={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not answer just now');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
