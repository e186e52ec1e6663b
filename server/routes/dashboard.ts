import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardQuerySchema, dashboardResponseSchema } from '../../contract/dashboard';
import { apiPaths } from '../../contract/paths';
import { guards } from '../../domain/access';
import { dashboardOfCounts, dashboardPeriod } from '../../domain/dashboard';
import { problems } from '../../domain/problems';
import type { Db } from '../db/client';
import { callerOf, ruleCallerOf } from '../plugins/auth';
import { dashboardCounts } from '../repositories/dashboard';
import { isAllowed } from '../repositories/privileges';

/** The dashboard's figures of a period, from the counts of what the caller may see (summary tables, migration 0021). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    `/${apiPaths.dashboard}`,
    {
      config: { problems: [problems.periodReversed, problems.timeZoneUnknown] },
      onRequest: app.requirePrivilege(guards.dashboard),
      schema: {
        operationId: 'getDashboard',
        summary: 'Read the dashboard of a period',
        description:
          'The dashboard of a period (misconduct from `from` to before `to`; months in `tz`); a contractor’s users count their organisation only',
        security: [{ bearer: [] }],
        querystring: dashboardQuerySchema,
        response: { 200: dashboardResponseSchema },
      },
    },
    async (request) => {
      const period = dashboardPeriod(request.query);
      const scopeId = ruleCallerOf(request).contractorOrganizationId;
      const readsClaims = await isAllowed(db, callerOf(request).account.userTypeId, guards.claimRead);
      return { data: dashboardOfCounts(period, await dashboardCounts(db, period, scopeId, Date.now(), readsClaims)) };
    },
  );
};
