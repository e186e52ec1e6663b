import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../contract/envelope';
import { complaintEvidenceResponseSchema } from '../../contract/evidence';
import { apiPaths } from '../../contract/paths';
import { guards } from '../../domain/access';
import { decideRead } from '../../domain/complaints';
import { type EvidenceRules, evidenceFindings } from '../../domain/evidence';
import { orThrow, problems } from '../../domain/problems';
import type { Db } from '../db/client';
import { ruleCallerOf } from '../plugins/auth';
import { complaintPhotos, evidenceComplaint, photosElsewhere } from '../repositories/evidence';

/**
 * What a complaint's photos say (issue 35): load the photos and the ones like them the caller
 * may see, let domain/evidence.ts decide the findings.
 */
export const evidenceRoutes: FastifyPluginAsyncZod<{ db: Db; rules: EvidenceRules }> = async (app, { db, rules }) => {
  app.get(
    `/${apiPaths.complaintEvidence(':id')}`,
    {
      config: { problems: [problems.complaintNotYours] },
      onRequest: app.requirePrivilege(guards.complaintRead),
      schema: {
        operationId: 'getComplaintEvidence',
        summary: "Read what a complaint's photos say",
        description:
          'What each photo of a complaint says about itself (capture time, place, camera, editor, size, the SHA-256 of its original) and the findings on them: taken outside the window around the stated misconduct, no capture time, re-saved by an editor, the same or a near picture on another complaint the caller may see, photos far apart. Findings inform; they never block a move',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        response: { 200: complaintEvidenceResponseSchema },
      },
    },
    async (request) => {
      const caller = ruleCallerOf(request);
      const complaint = await evidenceComplaint(db, request.params.id);
      if (!complaint) throw problems.notFound('Complaint');
      orThrow(decideRead(caller, complaint));
      const photos = await complaintPhotos(db, complaint.id);
      const others = await photosElsewhere(db, complaint.id, photos, { organizationId: caller.contractorOrganizationId });
      const { minutesBefore, minutesAfter, farApartMeters } = rules;
      return {
        data: {
          photos: photos.map(({ fileId, kind, sha256, metadata }) => ({ fileId, kind, sha256, metadata })),
          findings: evidenceFindings(complaint, photos, others, rules),
          rules: { minutesBefore, minutesAfter, farApartMeters },
        },
      };
    },
  );
};
