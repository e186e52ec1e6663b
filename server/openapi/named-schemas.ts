import { z } from 'zod';
import { auditChainResponseSchema, auditChainSchema, auditEventSchema, auditListResponseSchema } from '../../contract/audit';
import {
  activateRequestSchema,
  activateResponseSchema,
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  meResponseSchema,
  mySessionSchema,
  mySessionsResponseSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  sessionSchema,
  signInRequestSchema,
  updateMeRequestSchema,
  userSchema,
  verifyOtpRequestSchema,
  verifyOtpResponseSchema,
} from '../../contract/auth';
import {
  claimLineSchema,
  claimRecordCreateSchema,
  claimRecordDetailSchema,
  claimRecordListResponseSchema,
  claimRecordPaySchema,
  claimRecordResponseSchema,
  claimRecordSchema,
} from '../../contract/claim-records';
import {
  attachmentSchema,
  complaintDetailSchema,
  complaintFilterOptionsResponseSchema,
  complaintFormOptionsResponseSchema,
  complaintInputSchema,
  complaintListResponseSchema,
  complaintResponseSchema,
  complaintSchema,
  complaintUpdateSchema,
  coordinatesSchema,
  justifyComplaintRequestSchema,
  madeOfflineInputSchema,
  madeOfflineSchema,
  myComplaintMovesResponseSchema,
  statusHistoryEntrySchema,
  verifyComplaintRequestSchema,
} from '../../contract/complaints';
import {
  contractInputSchema,
  contractListResponseSchema,
  contractResponseSchema,
  contractSchema,
  contractUpdateSchema,
} from '../../contract/contracts';
import { dashboardResponseSchema, dashboardSchema } from '../../contract/dashboard';
import {
  complaintEvidenceResponseSchema,
  complaintEvidenceSchema,
  evidenceFindingSchema,
  evidenceRulesSchema,
  photoEvidenceSchema,
  photoMetadataSchema,
} from '../../contract/evidence';
import { paginationSchema, problemSchema } from '../../contract/envelope';
import { uploadedFileSchema, uploadFileResponseSchema } from '../../contract/files';
import {
  formulaEvaluateRequestSchema,
  formulaEvaluateResponseSchema,
  formulaInputSchema,
  formulaListResponseSchema,
  formulaResponseSchema,
  formulaSchema,
  formulaUpdateSchema,
} from '../../contract/formulas';
import { mailListResponseSchema, mailResponseSchema, mailSchema } from '../../contract/mail';
import { menuPrivilegesResponseSchema } from '../../contract/menu';
import {
  markNotificationsReadRequestSchema,
  markNotificationsReadResponseSchema,
  notificationListResponseSchema,
  notificationResponseSchema,
  notificationSchema,
} from '../../contract/notifications';
import {
  organizationInputSchema,
  organizationListResponseSchema,
  organizationResponseSchema,
  organizationSchema,
  organizationUpdateSchema,
} from '../../contract/organizations';
import {
  personaInputSchema,
  personaListResponseSchema,
  personaResponseSchema,
  personaSchema,
  personaUpdateSchema,
} from '../../contract/personas';
import { placedPaginationSchema } from '../../contract/placed-lists';
import { privilegeMatrixResponseSchema, privilegeMatrixSchema, privilegeRowsSchema } from '../../contract/privileges';
import {
  referenceInputSchema,
  referenceListResponseSchema,
  referenceResponseSchema,
  referenceSchema,
  referenceUpdateSchema,
} from '../../contract/reference-lists';
import {
  createSavedViewRequestSchema,
  savedViewListResponseSchema,
  savedViewResponseSchema,
  savedViewSchema,
} from '../../contract/saved-views';
import {
  factorChangeRequestSchema,
  myTwoFactorResponseSchema,
  recoveryCodesResponseSchema,
  secondFactorChallengeSchema,
  secondFactorRequestSchema,
  secondFactorSessionResponseSchema,
  sessionFactorRequestSchema,
  signInAnswerSchema,
  signInEnrolmentRequestSchema,
  totpConfirmRequestSchema,
  totpEnrolmentResponseSchema,
} from '../../contract/two-factor';
import {
  typeOfOffenceInputSchema,
  typeOfOffenceListResponseSchema,
  typeOfOffenceResponseSchema,
  typeOfOffenceSchema,
  typeOfOffenceUpdateSchema,
} from '../../contract/type-of-offences';
import { adminUserResponseSchema, adminUserSchema, inviteUserSchema, updateUserSchema, userListResponseSchema } from '../../contract/users';
import { problems } from '../../domain/problems';

/** Every `code` the API answers a refusal with: the catalogue of domain/problems.ts. */
export const PROBLEM_CODES = Object.keys(problems) as [keyof typeof problems, ...(keyof typeof problems)[]];

/** The problem document as the OpenAPI document publishes it: `code` always sent, one of the catalogue's. */
export const problemDocumentSchema = problemSchema.extend({
  code: z
    .enum(PROBLEM_CODES)
    .describe('The refusal’s stable name in the catalogue: a client switches over it and words it in its own language'),
});

/**
 * The contract's schemas that the OpenAPI document names (`components.schemas`, `$ref`),
 * each with what it is. A schema a call takes in is published under its name too (the
 * document drops the `Input` suffix zod's registry gives when only that side is used).
 */
const NAMED: [z.ZodType, string, string][] = [
  // Shared
  [problemDocumentSchema, 'Problem', 'A refusal: RFC 9457 problem details with the catalogue’s `code`'],
  [paginationSchema, 'Pagination', 'Where a page of a list is: its number, size, and the totals of the whole list'],
  [
    placedPaginationSchema,
    'PlacedPagination',
    'Pagination of a list paged by place: the neighbours’ cursors, and whether the total is estimated',
  ],
  // Accounts
  [signInRequestSchema, 'SignIn', 'E-mail and password'],
  [sessionSchema, 'Session', 'A signed-in session: its bearer token and user'],
  [secondFactorChallengeSchema, 'SecondFactorChallenge', 'Signing in needs a second factor: answer the challenge'],
  [signInAnswerSchema, 'SignInAnswer', 'A session, or a second-factor challenge to answer first'],
  [secondFactorRequestSchema, 'SecondFactorAnswer', 'The challenge answered with a code from the app, or a recovery code'],
  [
    secondFactorSessionResponseSchema,
    'SecondFactorSession',
    'The session the answered challenge opens (with recovery codes when just enrolled)',
  ],
  [signInEnrolmentRequestSchema, 'SignInEnrolment', 'A challenge that asks for a second factor to be set up'],
  [totpEnrolmentResponseSchema, 'TotpEnrolmentResponse', 'A new secret for an authenticator app, as text and as a QR code'],
  [registerRequestSchema, 'Registration', 'Who registers, and the password they choose'],
  [activateRequestSchema, 'Activation', 'The code of an activation or invitation link'],
  [activateResponseSchema, 'ActivationResponse', 'The activated account’s e-mail'],
  [forgotPasswordRequestSchema, 'ForgotPassword', 'The e-mail of the account to reset'],
  [verifyOtpRequestSchema, 'OtpCheck', 'The e-mail and the code that was mailed'],
  [verifyOtpResponseSchema, 'ResetTokenResponse', 'A reset token for the new password'],
  [resetPasswordRequestSchema, 'PasswordReset', 'The reset token and the new password'],
  [userSchema, 'User', 'A signed-in user as they see themselves'],
  [meResponseSchema, 'MeResponse', 'The signed-in user'],
  [updateMeRequestSchema, 'MeChanges', 'What a user changes of their own profile'],
  [changePasswordRequestSchema, 'PasswordChange', 'The current password and the new one'],
  [mySessionSchema, 'MySession', 'One live session of the caller'],
  [mySessionsResponseSchema, 'MySessionsResponse', 'The caller’s live sessions'],
  [myTwoFactorResponseSchema, 'MyTwoFactorResponse', 'The caller’s second factor'],
  [
    factorChangeRequestSchema,
    'FactorChange',
    'The caller’s password again and, while a second factor is on, a code of it or a recovery code, before the factor is replaced or turned off',
  ],
  [
    sessionFactorRequestSchema,
    'SessionFactorAnswer',
    'A code from the authenticator app, or a recovery code, answered by the current session',
  ],
  [totpConfirmRequestSchema, 'TotpConfirmation', 'A code from the authenticator app'],
  [recoveryCodesResponseSchema, 'RecoveryCodesResponse', 'Ten recovery codes, each usable once'],
  // Menu, notifications, saved views
  [menuPrivilegesResponseSchema, 'MenuPrivilegesResponse', 'The sidebar the caller may see, with the actions allowed on each item'],
  [notificationSchema, 'Notification', 'A notification of a complaint’s move'],
  [notificationListResponseSchema, 'NotificationList', 'A page of the caller’s notifications'],
  [notificationResponseSchema, 'NotificationResponse', 'One notification'],
  [markNotificationsReadRequestSchema, 'MarkNotificationsRead', 'The notifications to mark read, or none for all'],
  [markNotificationsReadResponseSchema, 'MarkedRead', 'How many notifications were marked read'],
  [savedViewSchema, 'SavedView', 'A named list address: filters, sort and columns'],
  [savedViewListResponseSchema, 'SavedViewList', 'The saved views of one list'],
  [savedViewResponseSchema, 'SavedViewResponse', 'One saved view'],
  [createSavedViewRequestSchema, 'NewSavedView', 'A view to save'],
  // Complaints
  [attachmentSchema, 'Attachment', 'A photo of a complaint, by signed address'],
  [statusHistoryEntrySchema, 'StatusHistoryEntry', 'One move of a complaint: from, to, who, when, why'],
  [coordinatesSchema, 'Coordinates', 'Where the officer stood when registering a complaint: degrees, and the phone’s accuracy in metres'],
  [madeOfflineSchema, 'MadeOffline', 'When and on what device a phone made a complaint offline, sent later'],
  [
    madeOfflineInputSchema,
    'NewMadeOffline',
    'When and on what device a phone made the complaint it sends now: not in the future, not before the misconduct',
  ],
  [complaintSchema, 'Complaint', 'A complaint as lists show it'],
  [complaintDetailSchema, 'ComplaintDetail', 'A complaint with its moves'],
  [complaintListResponseSchema, 'ComplaintList', 'A page of complaints'],
  [complaintResponseSchema, 'ComplaintResponse', 'One complaint with its moves'],
  [complaintInputSchema, 'NewComplaint', 'A complaint to register'],
  [auditChainSchema, 'AuditChain', "The head of the audit trail's hash chain and its last check"],
  [auditChainResponseSchema, 'AuditChainResponse', "The head of the audit trail's hash chain and its last check"],
  [photoMetadataSchema, 'PhotoMetadata', 'What a photo said about itself when it came: capture time, place, camera, editor, size'],
  [photoEvidenceSchema, 'PhotoEvidence', 'One photo of a complaint: whose, the SHA-256 of its original, what it says'],
  [evidenceFindingSchema, 'EvidenceFinding', 'What a photo gives to think about; it informs, never blocks a move'],
  [evidenceRulesSchema, 'EvidenceRules', 'The window around the misconduct photos are expected in, and how far apart they may be'],
  [complaintEvidenceSchema, 'ComplaintEvidence', "A complaint's photos and the findings on them"],
  [complaintEvidenceResponseSchema, 'ComplaintEvidenceResponse', "A complaint's photos and the findings on them"],
  [complaintUpdateSchema, 'ComplaintChanges', 'What changes of a submitted complaint'],
  [justifyComplaintRequestSchema, 'Justification', 'The contractor’s justification'],
  [verifyComplaintRequestSchema, 'Verification', 'The verifier’s decision: fine or waive, and why'],
  [complaintFormOptionsResponseSchema, 'ComplaintFormOptions', 'What the complaint form offers'],
  [complaintFilterOptionsResponseSchema, 'ComplaintFilterOptions', 'What the complaint lists filter by'],
  [myComplaintMovesResponseSchema, 'MyComplaintMoves', 'The caller’s latest complaint moves'],
  [dashboardSchema, 'Dashboard', 'Counts, sums and series of a period'],
  [dashboardResponseSchema, 'DashboardResponse', 'The dashboard of a period'],
  // Catalogues
  [referenceSchema, 'Reference', 'A record of a reference list (account, user and organisation types, positions, zones)'],
  [referenceListResponseSchema, 'ReferenceList', 'A page of a reference list'],
  [referenceResponseSchema, 'ReferenceResponse', 'One record of a reference list'],
  [referenceInputSchema, 'NewReference', 'A record to add to a reference list'],
  [referenceUpdateSchema, 'ReferenceChanges', 'What changes of a reference list’s record'],
  [typeOfOffenceSchema, 'TypeOfOffence', 'A type of offence with its default rate'],
  [typeOfOffenceListResponseSchema, 'TypeOfOffenceList', 'A page of types of offence'],
  [typeOfOffenceResponseSchema, 'TypeOfOffenceResponse', 'One type of offence'],
  [typeOfOffenceInputSchema, 'NewTypeOfOffence', 'A type of offence to add'],
  [typeOfOffenceUpdateSchema, 'TypeOfOffenceChanges', 'What changes of a type of offence'],
  [organizationSchema, 'Organization', 'An organisation: an authority or a contractor'],
  [organizationListResponseSchema, 'OrganizationList', 'A page of organisations'],
  [organizationResponseSchema, 'OrganizationResponse', 'One organisation'],
  [organizationInputSchema, 'NewOrganization', 'An organisation to add'],
  [organizationUpdateSchema, 'OrganizationChanges', 'What changes of an organisation'],
  [personaSchema, 'Persona', 'A member of staff of an organisation'],
  [personaListResponseSchema, 'PersonaList', 'A page of personas'],
  [personaResponseSchema, 'PersonaResponse', 'One persona'],
  [personaInputSchema, 'NewPersona', 'A persona to add'],
  [personaUpdateSchema, 'PersonaChanges', 'What changes of a persona'],
  [formulaSchema, 'Formula', 'A penalty formula'],
  [formulaListResponseSchema, 'FormulaList', 'A page of formulas'],
  [formulaResponseSchema, 'FormulaResponse', 'One formula'],
  [formulaInputSchema, 'NewFormula', 'A formula to add'],
  [formulaUpdateSchema, 'FormulaChanges', 'What changes of a formula'],
  [formulaEvaluateRequestSchema, 'FormulaEvaluation', 'An expression and the values to evaluate it with'],
  [formulaEvaluateResponseSchema, 'FormulaResult', 'What the expression gives'],
  // Contracts and claims
  [contractSchema, 'Contract', 'A contract with its rates'],
  [contractListResponseSchema, 'ContractList', 'A page of contracts'],
  [contractResponseSchema, 'ContractResponse', 'One contract'],
  [contractInputSchema, 'NewContract', 'A contract to add'],
  [contractUpdateSchema, 'ContractChanges', 'What changes of a contract'],
  [claimLineSchema, 'ClaimLine', 'One fined complaint of a claim record, priced'],
  [claimRecordSchema, 'ClaimRecord', 'A claim record as the list shows it'],
  [claimRecordDetailSchema, 'ClaimRecordDetail', 'A claim record with its lines and invoice parties'],
  [claimRecordListResponseSchema, 'ClaimRecordList', 'A page of claim records'],
  [claimRecordResponseSchema, 'ClaimRecordResponse', 'One claim record'],
  [claimRecordCreateSchema, 'NewClaimRecord', 'The contract and month to claim'],
  [claimRecordPaySchema, 'ClaimPayment', 'When and how a claim record was paid'],
  // Administration
  [mailSchema, 'Mail', 'A message the server sent or tried to'],
  [mailListResponseSchema, 'MailList', 'A page of messages'],
  [mailResponseSchema, 'MailResponse', 'One message'],
  [auditEventSchema, 'AuditEvent', 'One change: who, when, what, before and after'],
  [auditListResponseSchema, 'AuditEventList', 'A page of audit events'],
  [adminUserSchema, 'AdminUser', 'A user as administrators see them'],
  [userListResponseSchema, 'AdminUserList', 'A page of users'],
  [adminUserResponseSchema, 'AdminUserResponse', 'One user'],
  [inviteUserSchema, 'Invitation', 'Who to invite, and as what'],
  [updateUserSchema, 'UserChanges', 'What changes of a user'],
  [privilegeMatrixSchema, 'PrivilegeMatrix', 'Every user type × menu item, and the actions allowed'],
  [privilegeMatrixResponseSchema, 'PrivilegeMatrixResponse', 'The privilege matrix'],
  [privilegeRowsSchema, 'PrivilegeRows', 'One user type’s privileges, replaced whole'],
  // Files
  [uploadedFileSchema, 'UploadedFile', 'An uploaded image: its id, to attach, and its addresses'],
  [uploadFileResponseSchema, 'UploadedFileResponse', 'The uploaded image'],
];

let named = false;

/** Names the schemas in zod's global registry, once per process (fastify-type-provider-zod reads it). */
export function nameApiSchemas() {
  if (named) return;
  named = true;
  for (const [schema, id, description] of NAMED) z.globalRegistry.add(schema, { id, description });
}
