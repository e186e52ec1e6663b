import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@contract';
import { ChangeTable } from '@/components/record-history';
import { formatDateTime } from '@/lib/date-format';
import { renderWithApp, signInAs } from '@/test/render';
import { useAuditWords } from './audit-words';

const event = (over: Partial<AuditEvent>): AuditEvent => ({
  id: 1,
  at: '2026-11-28T13:30:00.000Z',
  actor: { id: 1, email: 'admin@example.com' },
  action: 'create',
  entity: 'complaint',
  entityId: '65',
  before: null,
  after: null,
  ip: null,
  ...over,
});

function Named({ events }: { events: AuditEvent[] }) {
  const { recordLabel } = useAuditWords();
  return (
    <ul>
      {events.map((e) => {
        const { kind, name } = recordLabel(e);
        return <li key={e.id}>{`${kind} ${name}`}</li>;
      })}
    </ul>
  );
}

beforeEach(() => {
  signInAs('admin');
});

describe('useAuditWords().recordLabel', () => {
  it('names a pack made and a claim record created as the screens do, not by their ids', async () => {
    renderWithApp(
      <Named
        events={[
          event({ id: 1, action: 'pack', after: { refNo: 'CMP-2026-000065', lang: 'en', tz: 'UTC', photos: 2 } }),
          event({
            id: 2,
            entity: 'claim-record',
            entityId: '5',
            after: { id: 5, contract: { id: 1, contractNo: 'CT-2026-001', title: 'Sweeping' }, month: '2026-10', invoiceNo: null },
          }),
        ]}
      />,
    );

    expect(await screen.findByText('Complaint CMP-2026-000065')).toBeInTheDocument();
    expect(screen.getByText('Claim record CT-2026-001 2026-10')).toBeInTheDocument();
    expect(screen.queryByText(/#\d/)).not.toBeInTheDocument();
  });
});

describe('a complaint made in the field, in its change table', () => {
  it('words a made-offline creation and the officer’s position as the detail does', async () => {
    const at = '2026-11-29T02:15:00.000Z';
    renderWithApp(
      <ChangeTable
        event={event({
          after: {
            refNo: 'CMP-2026-000065',
            coordinates: { latitude: 3.139003, longitude: 101.686855, accuracyMeters: 12.4 },
            madeOffline: { at, device: 'Chrome on Android' },
          },
        })}
      />,
    );
    const offline = (await screen.findByRole('rowheader', { name: 'Offline' })).closest('tr')!;
    expect(offline).toHaveTextContent(`Made offline at ${formatDateTime(at)} on Chrome on Android, sent later`);
    const position = screen.getByRole('rowheader', { name: 'Where the officer stood' }).closest('tr')!;
    expect(position).toHaveTextContent('3.139003, 101.686855 ± 12 m');
  });
});
