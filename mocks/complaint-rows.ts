import type { Attachment, ComplaintStatusCode, Coordinates, MadeOffline } from '@contract';
import type { FixtureComplaint } from '@fixtures';
import type { ComplaintFields } from '@domain';

// A complaint as the mock store keeps it, as the server's tables do: by ids, as rows.

export type AttachmentKind = 'complaint' | 'justification';

export interface StoredComplaint extends Omit<ComplaintFields, 'contractId' | 'coordinates' | 'madeOffline'> {
  id: number;
  refNo: string;
  contractId: number | null;
  createdById: number;
  createdAt: string;
  status: ComplaintStatusCode;
  justification: string | null;
  remark: string | null;
  coordinates: Coordinates | null;
  madeOffline: MadeOffline | null;
  attachments: (Attachment & { kind: AttachmentKind })[];
  history: {
    id: number;
    fromStatus: ComplaintStatusCode | null;
    toStatus: ComplaintStatusCode;
    changedById: number;
    changedAt: string;
    text: string;
  }[];
}

/** A fixture complaint (the API's shape) as the store keeps it. */
export function storedComplaint(c: FixtureComplaint): StoredComplaint {
  const {
    typeOfOffence,
    organization: _organization,
    contract,
    createdBy: _createdBy,
    statusText: _statusText,
    statusHistory,
    complaintAttachments,
    justificationAttachments,
    ...row
  } = c;
  return {
    ...row,
    typeOfOffenceId: typeOfOffence.id,
    contractId: contract?.id ?? null,
    attachments: [
      ...complaintAttachments.map((a) => ({ ...a, kind: 'complaint' as const })),
      ...justificationAttachments.map((a) => ({ ...a, kind: 'justification' as const })),
    ],
    history: statusHistory.map(({ changedBy, ...entry }) => ({ ...entry, changedById: changedBy.id })),
  };
}
