import { apiPaths, dashboardQuerySchema, dashboardResponseSchema } from '@contract';
import { claimVisibleTo, dashboardOf, DECIDED_STATUSES, dashboardPeriod, findingsMask, guards, isAllowed, reaches } from '@domain';
import { evidenceFlagsOf, justifyByIn } from '../complaint-store';
import { grantsOf, mockDb } from '../db';
import { readQuery, respond, route } from '../http';
import { requirePrivilege } from '../session';

/** The dashboard, as server/routes/dashboard.ts answers it (its figures by `dashboardOf`). */
export const dashboardHandlers = [
  route('get', apiPaths.dashboard, ({ request }) => {
    const { account, caller } = requirePrivilege(request, guards.dashboard);
    const period = dashboardPeriod(readQuery(request, dashboardQuerySchema));
    const db = mockDb();
    const name = (list: readonly { id: number; name: string }[], id: number) => ({ id, name: list.find((x) => x.id === id)!.name });
    const complaints = db.complaints
      .filter((c) => reaches(caller, c.organizationId))
      .map((c) => ({
        status: c.status,
        organization: name(db.catalogues.organizations, c.organizationId),
        typeOfOffence: name(db.catalogues['type-of-offences'], c.typeOfOffenceId),
        dateOfMisconduct: c.dateOfMisconduct,
        createdAt: c.createdAt,
        justifyBy: justifyByIn(db, c),
        decidedAt: c.history.filter((h) => DECIDED_STATUSES.includes(h.toStatus)).at(-1)?.changedAt ?? null,
        evidenceFlags: evidenceFlagsOf(db, c),
      }));
    const claims = isAllowed(grantsOf(db, account), guards.claimRead)
      ? db.claimRecords
          .map((r) => ({ ...r, organizationId: db.contracts.find((k) => k.id === r.contractId)!.organizationId }))
          .filter((r) => claimVisibleTo(caller, r))
      : null;
    return respond(dashboardResponseSchema, {
      data: dashboardOf(period, complaints, claims, Date.now(), findingsMask(caller.contractorOrganizationId)),
    });
  }),
];
