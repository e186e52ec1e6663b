import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AuditChain } from '@contract';
import { server } from '@mocks/node';
import { renderWithApp, signInAs } from '@/test/render';
import { AuditChainCard } from './audit-chain-card';

const HASH = 'a'.repeat(64);

function serveChain(chain: Omit<AuditChain, 'hash'>) {
  server.use(http.get('*/api/v1/audit-events/chain', () => HttpResponse.json({ data: { ...chain, hash: HASH } })));
}

beforeEach(() => {
  signInAs('admin');
});

describe('AuditChainCard', { timeout: 20_000 }, () => {
  it('claims no more than the last check covered when newer events came since', async () => {
    serveChain({ seq: 20, verifiedAt: '2026-11-28T13:30:00.000Z', verifiedSeq: 12, verifiedBreak: null });
    renderWithApp(<AuditChainCard />);

    expect(await screen.findByText('Whole up to event 12 — 8 newer not yet checked')).toBeInTheDocument();
    expect(screen.queryByText('Whole')).not.toBeInTheDocument();
  });

  it('says Whole when the check covered every event', async () => {
    serveChain({ seq: 20, verifiedAt: '2026-11-28T13:30:00.000Z', verifiedSeq: 20, verifiedBreak: null });
    renderWithApp(<AuditChainCard />);

    expect(await screen.findByText('Whole')).toBeInTheDocument();
  });
});
