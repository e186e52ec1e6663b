import { MAX_FILE_BYTES, problemTypes, type ProblemType } from '../contract/account-rules';
import type { Problem } from '../contract/envelope';

/**
 * The one catalogue of what the API refuses and how it words it: the server and the mocks
 * throw these, and the OpenAPI document declares them per operation. A route names the
 * entries it can answer; each entry knows its status.
 */
export class ProblemError extends Error {
  constructor(
    readonly problem: Problem,
    /** e.g. `Retry-After` on a 429. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(problem.detail ?? problem.title);
  }
  get status() {
    return this.problem.status;
  }
}

type Extras = Pick<Problem, 'errors' | 'retryAfter' | 'attemptsLeft' | 'position'> & { headers?: Record<string, string> };

export interface CatalogueEntry<A extends unknown[]> {
  (...args: A): ProblemError;
  readonly status: number;
  readonly type: ProblemType | 'about:blank';
  /** Its name in the catalogue, sent as the problem's `code`: a client words it in its own language. */
  code: string;
}

function entry<A extends unknown[]>(
  status: number,
  type: ProblemType | 'about:blank',
  title: string,
  describe: (...args: A) => { detail?: string } & Extras,
): CatalogueEntry<A> {
  const made: CatalogueEntry<A> = Object.assign(
    (...args: A) => {
      const { detail, headers, ...extras } = describe(...args);
      return new ProblemError({ type, title, status, code: made.code, ...(detail === undefined ? {} : { detail }), ...extras }, headers);
    },
    { status, type, code: '' },
  );
  return made;
}

/** Each entry learns its name. */
function named<T extends Record<string, CatalogueEntry<never[]>>>(entries: T): T {
  for (const [code, made] of Object.entries(entries)) made.code = code;
  return entries;
}

const plain = (detail: string) => () => ({ detail });

/** What a 404 names: one spelling of each thing the API looks up by id. */
export type NotFoundWhat =
  | 'Resource'
  | 'Complaint'
  | 'Claim record'
  | 'Contract'
  | 'User'
  | 'User type'
  | 'Notification'
  | 'Message'
  | 'File'
  | 'Image'
  | 'Zone'
  | 'Position'
  | 'Account type'
  | 'Organisation type'
  | 'Organisation'
  | 'Persona'
  | 'Type of offence'
  | 'Formula'
  | 'Session'
  | 'Saved view';

/** Why an upload has no usable file part, and how the API says so. */
const FILE_PART_MISSING = {
  notMultipart: 'Send the image as multipart/form-data, in a part named "file".',
  notFile: 'Send the image in a part named "file".',
  notOnlyFile: 'Send one image, in a part named "file", and nothing else.',
} as const;
const onField = (field: string, message: string) => ({ detail: message, errors: { [field]: [message] } });

/** 400 for one field, worded for the person who typed it. */
export const invalidField = entry(400, problemTypes.validation, 'Invalid request', (field: string, message: string) =>
  onField(field, message),
);

export const problems = named({
  // Any call
  /** Fastify's own words for a body that is not JSON. */
  badJson: entry(400, 'about:blank', "Body is not valid JSON but content-type is set to 'application/json'", () => ({})),
  /** A request whose `part` (body, querystring, params) fails the call's schema, per field (`_` for the whole). */
  validation: entry(400, problemTypes.validation, 'Invalid request', (part: string, errors: Record<string, string[]>) => ({
    detail: `The ${part} does not match what this call takes.`,
    errors,
  })),
  invalidField,
  unauthorized: entry(401, 'about:blank', 'Unauthorized', (detail: string = 'Your session has ended or the token is not valid.') => ({
    detail,
  })),
  forbidden: entry(403, 'about:blank', 'Forbidden', plain('Your privileges do not allow this.')),
  notFound: entry(404, 'about:blank', 'Not found', (what: NotFoundWhat = 'Resource') => ({ detail: `${what} not found.` })),
  noRoute: entry(404, 'about:blank', 'Not found', (method: string, path: string) => ({ detail: `${method} ${path} does not exist.` })),
  /** A path that exists, asked with a method it does not take; `Allow` lists those it does. */
  methodNotAllowed: entry(405, 'about:blank', 'Method not allowed', (method: string, path: string, allowed: readonly string[]) => ({
    detail: `${path} does not take ${method}; it takes ${allowed.join(', ')}.`,
    headers: { allow: allowed.join(', ') },
  })),
  /** An `Idempotency-Key` that is not one (domain/idempotency.ts). */
  idempotencyKeyMalformed: entry(400, problemTypes.validation, 'Invalid request', () =>
    onField('Idempotency-Key', 'An Idempotency-Key is 16 to 128 letters, digits, "-" or "_" (a UUID is one).'),
  ),
  /** A used `Idempotency-Key` sent with another request than the one it was first used for. */
  idempotencyKeyReused: entry(
    422,
    problemTypes.idempotencyKeyReused,
    'Idempotency key used for another request',
    plain('This Idempotency-Key was used in the last 24 hours for another request. Send a new key with a new request.'),
  ),
  /** A path with a broken percent-escape. */
  badUrl: entry(400, 'about:blank', 'Bad address', plain('The address has a malformed percent-escape (%).')),
  /** A path segment longer than any id (Fastify's `maxParamLength`). */
  uriTooLong: entry(414, 'about:blank', 'Address too long', (max: number) => ({
    detail: `A value in the address may be at most ${max} characters.`,
  })),
  /** A JSON body over the 1 MB every call takes (uploads have their own limit, `fileTooLarge`). */
  bodyTooLarge: entry(413, 'about:blank', 'Request body too large', (maxBytes: number) => ({
    detail: `A request body may be at most ${maxBytes / 1024 / 1024} MB.`,
  })),
  /** A body of a media type the call does not read. */
  unsupportedMediaType: entry(415, 'about:blank', 'Unsupported media type', (contentType: string) => ({
    detail: `This call does not read ${contentType || 'a body without a content type'}; send application/json.`,
  })),
  /** Any other refusal of the request as sent (a wrong Content-Length, …), in Fastify's words. */
  badRequest: entry(400, 'about:blank', 'Bad request', (detail: string) => ({ detail })),
  throttled: entry(429, problemTypes.throttled, 'Too many attempts', (retryAfter: number) => {
    const minutes = Math.ceil(retryAfter / 60);
    return {
      detail: `Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
      retryAfter,
      headers: { 'retry-after': String(retryAfter) },
    };
  }),
  periodReversed: entry(400, problemTypes.validation, 'Invalid request', () =>
    onField('to', 'The end of the period comes before its start.'),
  ),
  timeZoneUnknown: entry(400, problemTypes.validation, 'Invalid request', () =>
    onField('tz', 'Give an IANA time zone, e.g. Asia/Kuala_Lumpur.'),
  ),
  badSort: entry(400, problemTypes.validation, 'Invalid request', (fields: readonly string[]) =>
    onField('sort', `Sort by one of ${fields.join(', ')}; prefix - for descending.`),
  ),
  badCursor: entry(400, problemTypes.validation, 'Invalid request', () =>
    onField('cursor', 'This place in the list is not one this list gave, or belongs to another order; start again from the first page.'),
  ),

  // Accounts
  invalidCredentials: entry(
    401,
    problemTypes.invalidCredentials,
    'Invalid e-mail or password',
    plain('Check the e-mail address and password.'),
  ),
  accountPending: entry(
    403,
    problemTypes.accountPending,
    'Account not activated',
    plain('Open the activation link sent to your e-mail first.'),
  ),
  accountDisabled: entry(403, problemTypes.accountDisabled, 'Account disabled', plain('Ask an administrator to enable your account.')),
  emailTaken: entry(409, problemTypes.emailTaken, 'E-mail already registered', () => ({
    detail: 'An account with this e-mail exists. Sign in, or reset its password.',
    errors: { email: ['An account with this e-mail exists.'] },
  })),
  linkInvalid: entry(404, problemTypes.linkInvalid, 'Activation link not valid', plain('Check that the whole link was opened.')),
  linkUsed: entry(
    410,
    problemTypes.linkUsed,
    'Activation link already used',
    plain('This link has been used. Sign in, or register again for a new link.'),
  ),
  accountNotPending: entry(
    410,
    problemTypes.linkUsed,
    'Activation link already used',
    plain('This account is not waiting for activation.'),
  ),
  linkExpired: entry(410, problemTypes.linkExpired, 'Activation link expired', (hours: number) => ({
    detail: `Links work for ${hours} hours. Register again with the same e-mail for a new link.`,
  })),
  codeExpired: entry(400, problemTypes.codeExpired, 'Code expired', plain('This code can no longer be used. Ask for a new code.')),
  codeInvalid: entry(400, problemTypes.codeInvalid, 'Wrong code', (attemptsLeft: number) => ({
    detail:
      attemptsLeft > 0
        ? `The code is not right. ${attemptsLeft} tries left.`
        : 'The code is not right, and it has no tries left. Ask for a new code.',
    errors: { code: ['The code is not right.'] },
    attemptsLeft,
  })),
  resetTokenInvalid: entry(
    400,
    problemTypes.resetTokenInvalid,
    'Reset no longer valid',
    plain('Ask for a new code to reset your password.'),
  ),
  passwordRequired: entry(400, problemTypes.passwordRequired, 'Choose a password', () =>
    onField('password', 'Choose a password to accept the invitation.'),
  ),
  wrongCurrentPassword: entry(400, problemTypes.wrongCurrentPassword, 'Invalid request', () =>
    onField('currentPassword', 'The current password is not right.'),
  ),
  wrongPassword: entry(400, problemTypes.wrongCurrentPassword, 'Invalid request', () => onField('password', 'The password is not right.')),
  /** A code from the authenticator app that does not match now, or was used already (two-factor, profile). */
  totpCodeWrong: entry(400, problemTypes.codeInvalid, 'Wrong code', () =>
    onField('code', 'The code is not right. Type the newest code your app shows.'),
  ),
  /** A session that answered no second factor, asked for a right its user type holds only with one (issue 45). */
  secondFactorRequired: entry(
    403,
    problemTypes.secondFactorRequired,
    'Second factor required',
    plain('Your user type may change privileges, so this needs a code from your authenticator app first. Answer it and try again.'),
  ),
  /** Replacing or turning off a second factor that is on: a code of it, or a recovery code, besides the password. */
  currentFactorNeeded: entry(400, problemTypes.validation, 'Invalid request', () =>
    onField('code', 'Type a code from your authenticator app, or one of your recovery codes.'),
  ),
  recoveryCodeWrong: entry(400, problemTypes.codeInvalid, 'Wrong code', () =>
    onField('recoveryCode', 'That is not one of your unused recovery codes.'),
  ),
  secondFactorKept: entry(
    409,
    'about:blank',
    'Conflict',
    plain('Your user type must sign in with a second factor, so it stays on. An administrator can reset it if you lose your phone.'),
  ),
  secondFactorNotStarted: entry(409, 'about:blank', 'Conflict', plain('Ask for a new secret first; a code confirms it.')),
  secondFactorOn: entry(409, 'about:blank', 'Conflict', plain('Two-factor sign-in is on already: answer with a code from your app.')),
  secondFactorOff: entry(409, 'about:blank', 'Conflict', plain('Two-factor sign-in is off for this account.')),
  ownSecondFactorReset: entry(409, 'about:blank', 'Conflict', plain('Change your own second factor from your profile.')),
  avatarNotOwn: entry(400, problemTypes.validation, 'Invalid request', () =>
    onField('imageFileId', 'Upload the image first; it must be one you uploaded.'),
  ),

  // Files
  fileMissing: entry(400, problemTypes.validation, 'Invalid request', (why: keyof typeof FILE_PART_MISSING = 'notMultipart') =>
    onField('file', FILE_PART_MISSING[why]),
  ),
  fileEmpty: entry(400, problemTypes.validation, 'Invalid request', () => onField('file', 'The file is empty.')),
  fileTooLarge: entry(413, problemTypes.fileTooLarge, 'File too large', plain(`Images may be at most ${MAX_FILE_BYTES / 1024 / 1024} MB.`)),
  unsupportedFileType: entry(
    415,
    problemTypes.unsupportedFileType,
    'Unsupported file type',
    plain('Only JPEG, PNG or WebP images are accepted.'),
  ),
  uploadQuotaFull: entry(413, problemTypes.uploadQuotaFull, 'Too many unattached images', (megabytes: number, hours: number) =>
    onField(
      'file',
      `You have ${megabytes} MB of images not yet attached to anything; attach them, or wait for them to be cleared (${hours} hours after each upload).`,
    ),
  ),
  fileAddressInvalid: entry(403, 'about:blank', 'Forbidden', plain('This file address is not valid or has expired.')),
  metricsTokenRequired: entry(401, 'about:blank', 'Unauthorized', plain('The metrics need Authorization: Bearer with the METRICS_TOKEN.')),
  rangeNotSatisfiable: entry(416, 'about:blank', 'Range not satisfiable', (size: number) => ({
    detail: `The file has ${size} bytes: the range asked for starts beyond its end.`,
    headers: { 'content-range': `bytes */${size}` },
  })),

  // Complaints
  complaintNotYours: entry(403, 'about:blank', 'Forbidden', plain("This complaint is not your organisation's.")),
  justifyNotContractor: entry(403, 'about:blank', 'Forbidden', plain("Only the contractor's own users justify its complaints.")),
  verifyOwnComplaint: entry(403, 'about:blank', 'Forbidden', plain('Who registered a complaint may not verify it.')),
  complaintNotEditable: entry(409, 'about:blank', 'Conflict', (change: 'changed' | 'deleted') => ({
    detail: `Only a submitted complaint can be ${change}.`,
  })),
  justifyDeadlinePassed: entry(409, 'about:blank', 'Too late to justify', (justifyBy: string) => ({
    detail: `The time to justify this complaint ended on ${new Date(Date.parse(justifyBy) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')} (Malaysian time); the verifier decides it alone.`,
  })),
  complaintAlreadyJustified: entry(409, 'about:blank', 'Conflict', plain('This complaint is already justified.')),
  complaintAlreadyDecided: entry(409, 'about:blank', 'Conflict', plain('This complaint is already decided.')),
  complaintFinal: entry(409, 'about:blank', 'Conflict', plain('This complaint is already decided; its status is final.')),
  complaintMovedMeanwhile: entry(409, 'about:blank', 'Conflict', (what: 'moved' | 'decided') => ({
    detail: `This complaint has just been ${what} by someone else.`,
  })),
  offenceTypeNotActive: entry(400, problemTypes.validation, 'Invalid request', () =>
    onField('typeOfOffenceId', 'Select an active type of offence.'),
  ),
  contractDates: entry(400, problemTypes.validation, 'Invalid request', () =>
    onField('endDate', 'The end date comes before the start date.'),
  ),
  contractNotRunning: entry(400, problemTypes.validation, 'Invalid request', (contractNo: string, startDate: string, endDate: string) =>
    onField('contractId', `Contract ${contractNo} runs from ${startDate} to ${endDate}; the misconduct happened outside it.`),
  ),
  contractNotOfContractor: entry(400, problemTypes.validation, 'Invalid request', () =>
    onField('contractId', 'Select a contract of the chosen contractor.'),
  ),
  attachmentsNotUsable: entry(400, problemTypes.validation, 'Invalid request', () =>
    onField('attachmentFileIds', 'Attach images you uploaded for this complaint, each once.'),
  ),
  /** A complaint made offline (issue 47) before the misconduct it tells of. */
  madeOfflineBeforeMisconduct: entry(400, problemTypes.validation, 'Invalid request', () =>
    onField('madeOffline.at', 'The complaint cannot be made before the misconduct.'),
  ),
  /** A complaint made offline whose misconduct is moved after it was made. */
  misconductAfterMadeOffline: entry(400, problemTypes.validation, 'Invalid request', () =>
    onField('dateOfMisconduct', 'The misconduct cannot be after the complaint was made offline.'),
  ),

  // Saved views
  savedViewNameTaken: entry(409, 'about:blank', 'Conflict', () =>
    onField('name', 'A view of this list has this name already: choose another.'),
  ),
  savedViewsFull: entry(409, 'about:blank', 'Conflict', (max: number) => plain(`At most ${max} saved views a list: delete one first.`)()),

  // Users (administration)
  personaTaken: entry(409, 'about:blank', 'Conflict', () => onField('personaId', 'Another user already has this persona.')),
  notOwnChange: entry(409, 'about:blank', 'Conflict', plain('You cannot disable your own account or change your own user type.')),
  lastAdministrator: entry(
    409,
    'about:blank',
    'Conflict',
    plain('This is the last active administrator; make another administrator first.'),
  ),
  userPending: entry(
    409,
    'about:blank',
    'Conflict',
    plain('This account waits for its invitation or activation link; it becomes active when that is opened.'),
  ),
  notInvited: entry(409, 'about:blank', 'Conflict', plain('Only a pending invitation can be sent again.')),
  userNotActive: entry(409, 'about:blank', 'Conflict', plain('Only an active account can be sent a password reset code.')),

  // The privilege matrix
  matrixStale: entry(
    409,
    'about:blank',
    'Changed meanwhile',
    plain('Someone changed the privileges since you opened them; reload to see their changes.'),
  ),
  actionNotSupported: entry(400, problemTypes.validation, 'Invalid request', (itemId: string, action: string) =>
    onField(`grants.${itemId}`, `This screen has no "${action}" action.`),
  ),
  matrixLockout: entry(
    409,
    'about:blank',
    'Conflict',
    plain('Administrators must keep view and update on Matrix Privilege, or nobody could change privileges again.'),
  ),

  // Catalogues (reference lists, types of offence, …)
  valueTaken: entry(409, 'about:blank', 'Already used', (what: string, fields: readonly string[]) => ({
    detail: `Another ${what} has this ${fields.join(' and ')}.`,
    errors: Object.fromEntries(fields.map((field) => [field, [`Another ${what} has this ${field}.`]])),
  })),
  choiceNotActive: entry(400, problemTypes.validation, 'Invalid request', (field: string, what: string) =>
    onField(field, `Select an active ${what}.`),
  ),
  // Claim records
  claimNothing: entry(409, 'about:blank', 'Nothing to claim', (contractNo: string, month: string) => ({
    detail: `No fined complaint of contract ${contractNo} in ${month} is left to claim.`,
  })),
  claimExists: entry(409, 'about:blank', 'Already claimed', (contractNo: string, month: string) => ({
    detail: `Contract ${contractNo} already has a claim record for ${month}.`,
  })),
  claimNoFormula: entry(409, 'about:blank', 'No formula', (contractNo: string) => ({
    detail: `Contract ${contractNo} has no penalty formula; choose one first.`,
  })),
  claimFormulaFailed: entry(409, 'about:blank', 'Formula failed', (refNo: string, message: string) => ({
    detail: `The formula cannot price ${refNo}: ${message}`,
  })),
  claimNotDraft: entry(409, 'about:blank', 'Claim record issued', (status: string) => ({
    detail: `This claim record is ${status}; it can no longer change.`,
  })),
  claimNotIssued: entry(409, 'about:blank', 'Not payable', (status: string) => ({
    detail: status === 'paid' ? 'This claim record is already paid.' : 'Issue this claim record before marking it paid.',
  })),
  mailNotFailed: entry(409, 'about:blank', 'Not failed', (state: string) => ({
    detail: `This message was ${state === 'sent' ? 'sent already' : 'kept in the outbox, not refused'}; only a failed message is sent again.`,
  })),
  claimNoIssuer: entry(409, 'about:blank', 'No issuer', () => ({
    detail:
      'Your account is not linked to an organisation, so the invoice would have no issuer. Ask an administrator to link your persona to your authority.',
  })),
  claimPaidBeforeIssue: entry(400, problemTypes.validation, 'Invalid request', (issuedOn: string) =>
    onField('paidOn', `The payment date comes before the issue date (${issuedOn}).`),
  ),
  /** A formula's expression that does not check (domain/formula.ts), at the place of the fault. */
  formulaInvalid: entry(400, problemTypes.validation, 'Invalid request', (message: string, position: number) => ({
    ...onField('expression', message),
    position,
  })),
  inUse: entry(409, 'about:blank', 'In use', (what: string, uses: string, advice: string = 'deactivate it instead') => ({
    detail: `${uses} this ${what}; ${advice}.`,
  })),
});

export type ProblemName = keyof typeof problems;

/** A decision: what to do, or the problem that refuses it. */
export type Decision<T = true> = { ok: true; value: T } | { ok: false; problem: ProblemError };
export const allow = <T = true>(value: T = true as T): Decision<T> => ({ ok: true, value });
export const refuse = (problem: ProblemError): Decision<never> => ({ ok: false, problem });

/** The decided value, or its problem thrown: for adapters whose error handler answers it. */
export function orThrow<T>(decision: Decision<T>): T {
  if (!decision.ok) throw decision.problem;
  return decision.value;
}
