/** Zod-free, so the SPA's URL parsing can import it alone. */

/** What the audit trail names: every kind of record a write of the API changes. */
export const AUDIT_ENTITIES = [
  'account-type',
  'user-type',
  'position',
  'zone',
  'organization-type',
  'type-of-offence',
  'organization',
  'persona',
  'user',
  'privileges',
  'complaint',
  'formula',
  'contract',
  'claim-record',
  'mail',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'invite',
  'justify',
  'verify',
  'refresh',
  'issue',
  'pay',
  'resend',
  'reset',
  /** An evidence pack of a complaint was made (issue 35). */
  'pack',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
