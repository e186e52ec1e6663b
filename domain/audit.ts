import type { AuditAction, AuditEntity } from '../contract/audit';
import { problems } from './problems';

/** Fields that never enter the trail, wherever they appear: secrets and what they are kept as. */
const SECRET_FIELDS = new Set([
  'password',
  'passwordHash',
  'currentPassword',
  'newPassword',
  'token',
  'tokenHash',
  'resetToken',
  'codeHash',
]);

type Snapshot = Readonly<Record<string, unknown>> | null;

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_FIELDS.has(key))
      .map(([key, v]) => [key, withoutSecrets(v)]),
  );
}

/** One write as the trail keeps it (both back ends store it in the write's own transaction). */
export interface AuditChange {
  action: AuditAction;
  entity: AuditEntity;
  entityId: string | number;
  before: Snapshot;
  after: Snapshot;
}

/** The record of a change: the id as text, and no secret in either snapshot. */
export function auditRecord({ action, entity, entityId, before, after }: AuditChange) {
  return {
    action,
    entity,
    entityId: String(entityId),
    before: withoutSecrets(before) as Record<string, unknown> | null,
    after: withoutSecrets(after) as Record<string, unknown> | null,
  };
}
export type AuditRecord = ReturnType<typeof auditRecord>;

/** The events an audit list asks for; a period that ends before it starts is refused. */
export interface AuditSelection {
  entity?: string;
  entityId?: string;
  actorId?: number;
  /** At or after this instant (ms since the epoch). */
  from?: number;
  /** Before this instant. */
  to?: number;
}

export function auditSelection({
  entity,
  entityId,
  actorId,
  from,
  to,
}: {
  entity?: string;
  entityId?: string;
  actorId?: number;
  from?: string;
  to?: string;
}): AuditSelection {
  const start = from === undefined ? undefined : Date.parse(from);
  const end = to === undefined ? undefined : Date.parse(to);
  if (start !== undefined && end !== undefined && end < start) throw problems.periodReversed();
  return { entity, entityId, actorId, from: start, to: end };
}

/** Whether an event is selected, for stores that filter in memory. */
export function isAuditSelected(s: AuditSelection, e: { entity: string; entityId: string; actorId: number | null; at: string }): boolean {
  const at = Date.parse(e.at);
  return (
    (s.entity === undefined || e.entity === s.entity) &&
    (s.entityId === undefined || e.entityId === s.entityId) &&
    (s.actorId === undefined || e.actorId === s.actorId) &&
    (s.from === undefined || at >= s.from) &&
    (s.to === undefined || at < s.to)
  );
}

/** What the trail keeps of a complaint: its fields and its images by file id (never an address, which carries a signature). */
export function complaintSnapshot(c: {
  refNo: string;
  status: number;
  typeOfOffence: { id: number };
  organization: { id: number };
  contract: { id: number } | null;
  dateOfMisconduct: string;
  description: string;
  offender: string;
  location: string;
  qty: number;
  justification: string | null;
  remark: string | null;
  complaintAttachments: { fileId: string }[];
  justificationAttachments: { fileId: string }[];
  coordinates: { latitude: number; longitude: number; accuracyMeters: number | null } | null;
  madeOffline: { at: string; device: string } | null;
}) {
  return {
    refNo: c.refNo,
    status: c.status,
    typeOfOffenceId: c.typeOfOffence.id,
    organizationId: c.organization.id,
    contractId: c.contract?.id ?? null,
    dateOfMisconduct: new Date(c.dateOfMisconduct).toISOString(),
    description: c.description,
    offender: c.offender,
    location: c.location,
    qty: c.qty,
    justification: c.justification,
    remark: c.remark,
    complaintImages: c.complaintAttachments.map((a) => a.fileId),
    justificationImages: c.justificationAttachments.map((a) => a.fileId),
    coordinates: c.coordinates,
    // Made offline on a phone and sent later (issue 47): the instant in one spelling, whichever back end.
    madeOffline: c.madeOffline && { at: new Date(c.madeOffline.at).toISOString(), device: c.madeOffline.device },
  };
}

/** What the trail keeps of a user: never a password or its hash. */
export const userSnapshot = (u: { id: number; email: string; status: string; userTypeId: number; personaId: number }) => ({
  id: u.id,
  email: u.email,
  status: u.status,
  userTypeId: u.userTypeId,
  personaId: u.personaId,
});
