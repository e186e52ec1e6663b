import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problems } from '../../domain/problems';
import { z } from 'zod';
import { COMPLAINT_SORT_FIELDS } from '../../contract/complaint-status';
import { complaintListQuerySchema, complaintListResponseSchema, complaintResponseSchema } from '../../contract/complaints';
import { apiPaths } from '../../contract/paths';
import type { Db } from '../db/client';
import { forbidden, notFound } from '../http/problem';
import { callerOf } from '../plugins/auth';
import { findComplaint, listComplaints } from '../repositories/complaints';
import { parseSort } from '../repositories/pagination';
import { MENU } from './menu-keys';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const complaintRoutes: FastifyPluginAsyncZod<{ db: Db; fileUrl: (fileId: string) => string }> = async (app, { db, fileUrl }) => {
  app.get(`/${apiPaths.complaints}`, {
    config: { problems: [problems.forbidden] },
    onRequest: app.requireCaller,
    schema: { summary: 'Complaints the caller may see: open ones, or every status with history=true', security: [{ bearer: [] }], querystring: complaintListQuerySchema, response: { 200: complaintListResponseSchema } },
  }, async (request) => {
    const { history, page, limit, sort, q } = request.query;
    const isHistory = history === 'true';
    await app.requirePrivilege(isHistory ? [MENU.historyComplaint] : [MENU.complaint, MENU.verifyComplaint], 'view')(request);
    const scope = { organizationId: callerOf(request).account.contractorOrganizationId };
    return { data: await listComplaints(db, scope, { history: isHistory, page, limit, sort: parseSort(sort, COMPLAINT_SORT_FIELDS), q }, fileUrl) };
  });

  app.get(`/${apiPaths.complaint(':id')}`, {
    config: { problems: [problems.complaintNotYours] },
    onRequest: app.requirePrivilege([MENU.complaint, MENU.verifyComplaint, MENU.historyComplaint], 'view'),
    schema: { summary: 'One complaint', security: [{ bearer: [] }], params: idParams, response: { 200: complaintResponseSchema } },
  }, async (request) => {
    const found = await findComplaint(db, request.params.id, fileUrl);
    if (!found) throw notFound('Complaint');
    const scope = callerOf(request).account.contractorOrganizationId;
    if (scope !== null && scope !== found.organizationId) throw forbidden("This complaint is not your organisation's.");
    return { data: found.complaint };
  });
};
