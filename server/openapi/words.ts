/*
 * The words of the OpenAPI document that no schema carries: its groups, what each kind of
 * refusal means, and what the query parameters shared by many calls take.
 */

/** The document's groups, in the order a reader meets them; each path belongs to the first whose prefix it starts with. */
export const TAGS: readonly { name: string; description: string; prefixes: readonly string[] }[] = [
  {
    name: 'Sign-in',
    description:
      'Signing in and out, registering, activating an account, resetting a forgotten password, the second factor at sign-in. Most are public.',
    prefixes: ['/api/v1/auth/'],
  },
  {
    name: 'Complaints',
    description:
      'Complaints about contractors’ misconduct: registered by officers (status 1), justified by the contractor (2), fined (3) or waived (4) by verifiers; their lists, exports and form options.',
    prefixes: ['/api/v1/complaints', '/api/v1/me/complaint-moves'],
  },
  {
    name: 'My account',
    description: 'The signed-in user’s own profile, password, live sessions and second factor.',
    prefixes: ['/api/v1/me'],
  },
  { name: 'Menu', description: 'The sidebar the caller may see, from the privilege matrix.', prefixes: ['/api/v1/menu/'] },
  { name: 'Notifications', description: 'The caller’s notifications of complaint moves.', prefixes: ['/api/v1/notifications'] },
  {
    name: 'Saved views',
    description: 'Named list addresses (filters, sort, columns), own or shared with a user type.',
    prefixes: ['/api/v1/saved-views'],
  },
  { name: 'Dashboard', description: 'Counts, sums and monthly series of complaints in a period.', prefixes: ['/api/v1/dashboard'] },
  {
    name: 'Reference lists',
    description: 'The small lists forms choose from: account types, user types, positions, zones, organisation types.',
    prefixes: ['/api/v1/account-types', '/api/v1/user-types', '/api/v1/positions', '/api/v1/zones', '/api/v1/organization-types'],
  },
  {
    name: 'Types of offence',
    description: 'What a complaint can be about, each with its default rate.',
    prefixes: ['/api/v1/type-of-offences'],
  },
  { name: 'Organisations', description: 'Authorities and contractors.', prefixes: ['/api/v1/organizations'] },
  { name: 'Personas', description: 'The staff of each organisation, whom user accounts are linked to.', prefixes: ['/api/v1/personas'] },
  { name: 'Formulas', description: 'Penalty formulas and their evaluation.', prefixes: ['/api/v1/formulas'] },
  { name: 'Contracts', description: 'Contracts between the authority and contractors, with their rates.', prefixes: ['/api/v1/contracts'] },
  {
    name: 'Claim records',
    description: 'A contract’s fined complaints of a month, priced, issued as an invoice and paid.',
    prefixes: ['/api/v1/claim-records'],
  },
  { name: 'Users', description: 'User accounts: invitations, status, user types, resets.', prefixes: ['/api/v1/users'] },
  {
    name: 'Privileges',
    description: 'The privilege matrix: which user type may do what on each screen.',
    prefixes: ['/api/v1/privileges'],
  },
  { name: 'Mail', description: 'The messages the server sends, and sending a refused one again.', prefixes: ['/api/v1/mail'] },
  { name: 'Audit', description: 'The append-only trail of every change.', prefixes: ['/api/v1/audit-events'] },
  { name: 'Files', description: 'Uploading images, and reading them through signed addresses.', prefixes: ['/api/v1/files'] },
  { name: 'Health', description: 'Probes for load balancers and orchestrators.', prefixes: ['/api/health', '/api/ready'] },
];

/** The group of a path. */
export function tagOf(path: string): string {
  const tag = TAGS.find(({ prefixes }) => prefixes.some((prefix) => path.startsWith(prefix)));
  if (!tag) throw new Error(`No OpenAPI tag for ${path}: add its prefix to TAGS (server/openapi/words.ts)`);
  return tag.name;
}

/** What each refusal status means, as the response's description. */
export const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad input: the `code` says which; a validation problem names each field in `errors`',
  401: 'No session, or it has ended (or wrong credentials, at sign-in)',
  403: 'Not allowed: by the privilege matrix, or not the caller’s record',
  404: 'Not found',
  405: 'Not a method this path takes',
  409: 'Conflicts with the record’s state',
  410: 'Gone: used or expired',
  413: 'Too large',
  414: 'A value in the path is too long',
  415: 'A body of a type this call does not read',
  416: 'The byte range starts beyond the file’s end',
  429: 'Throttled: retry after the `Retry-After` seconds (also `retryAfter`)',
};

/** What a query or path parameter takes, by name; `path name` first for a meaning a path gives it. */
export const PARAMETER_TEXT: Readonly<Record<string, string>> = {
  id: 'The record’s id',
  'files id': 'The file’s id (a UUID), as the signed address gives it',
  'me/sessions id': 'The session’s id, as the list of your sessions gives it',
  userTypeId: 'The user type’s id',
  page: 'The page to show, from 1',
  limit: 'Rows a page holds',
  sort: 'The order: a field, or the field with `-` before it for descending',
  q: 'Words to find (case does not matter)',
  cursor: 'A place an earlier answer gave (`pagination.next` or `previous`), or `last` for the last page',
  history: '`true`: every status (History); otherwise the open complaints only',
  status: 'Only records of this status',
  typeOfOffenceId: 'Only complaints of this type of offence',
  organizationId: 'Only records of this organisation',
  organizationTypeId: 'Only organisations of this type',
  zoneId: 'Only records of this zone',
  accountTypeId: 'Only personas of this account type',
  positionId: 'Only personas of this position',
  from: 'From this date or month, inclusive',
  to: 'To this date or month, exclusive for a period of the dashboard',
  overdue: '`true`: only complaints whose time to justify has ended',
  findings: '`true`: only complaints whose photos gave a finding the caller would see (issue 35)',
  ids: 'Only these complaints (comma-separated ids)',
  lang: 'The language of the headers and words of the file',
  tz: 'The IANA time zone the times of the file are written in',
  active: '`true` or `false`: only active, or only inactive records',
  activeOn: 'Only contracts running on this date',
  contractId: 'Only records of this contract',
  month: 'Only records of this month (YYYY-MM)',
  isRead: '0 unread, 1 read, 2 all',
  path: 'The list the views are of (its screen’s path)',
  all: '`true`: every outgoing message (who manages users); otherwise the caller’s own',
  state: 'Only messages in this delivery state',
  entity: 'Only events about this kind of record',
  entityId: 'Only events about this record (with `entity`)',
  actorId: 'Only events by this user',
  exp: 'When the signed address ends (seconds since 1970)',
  sig: 'The signature of the address',
  variant: 'A smaller WebP copy; absent: the original as uploaded',
  download: '`1`: send as an attachment to save, not to show',
};
