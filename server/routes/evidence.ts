import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportQueryShape, idParamsSchema } from '../../contract/envelope';
import { type ComplaintEvidence, complaintEvidenceResponseSchema } from '../../contract/evidence';
import { apiPaths } from '../../contract/paths';
import { guards } from '../../domain/access';
import { auditRecord } from '../../domain/audit';
import { decideRead } from '../../domain/complaints';
import { type EvidenceRules, evidenceFindings } from '../../domain/evidence';
import { evidencePack, packAudit } from '../../domain/evidence-pack';
import { orThrow, problems } from '../../domain/problems';
import type { Caller } from '../../domain/visibility';
import type { Db } from '../db/client';
import { auditActorOf } from '../http/audit-actor';
import { attachmentDisposition, checkTimeZone } from '../../domain/exports';
import { callerOf, ruleCallerOf } from '../plugins/auth';
import { appendAudit } from '../repositories/audit';
import { auditChainHead, chainedAuditOf } from '../repositories/chains';
import { findComplaint } from '../repositories/complaints';
import { complaintPhotos, evidenceComplaint, moveChainOf, photosElsewhere, storageNamesOf } from '../repositories/evidence';
import { evidencePackPdf, packPhoto } from '../services/evidence-pack-pdf';
import type { FileStore } from '../services/file-store';

const security = [{ bearer: [] }];

/** Answers with a PDF stream as a download under this name, never kept by a cache. */
function sendPdf(reply: FastifyReply, fileName: string, pdf: Readable) {
  return reply
    .type('application/pdf')
    .header('content-disposition', attachmentDisposition(fileName))
    .header('cache-control', 'no-store')
    .send(pdf);
}

/**
 * What a complaint's photos say (issue 35): load the photos and the ones like them the caller
 * may see, let domain/evidence.ts decide the findings; and the evidence pack, whose content
 * domain/evidence-pack.ts decides and services/evidence-pack-pdf.ts draws.
 */
export const evidenceRoutes: FastifyPluginAsyncZod<{
  db: Db;
  rules: EvidenceRules;
  store: FileStore;
  fileUrl: (fileId: string) => string;
}> = async (app, { db, rules, store, fileUrl }) => {
  /** The complaint's photos and findings as `caller` may see them; refuses a complaint out of its reach. */
  async function evidenceFor(caller: Caller, id: number): Promise<ComplaintEvidence> {
    const complaint = await evidenceComplaint(db, id);
    if (!complaint) throw problems.notFound('Complaint');
    orThrow(decideRead(caller, complaint));
    const photos = await complaintPhotos(db, complaint.id);
    const others = await photosElsewhere(db, complaint.id, photos, { organizationId: caller.contractorOrganizationId });
    const { minutesBefore, minutesAfter, farApartMeters } = rules;
    return {
      photos: photos.map(({ fileId, kind, sha256, metadata }) => ({ fileId, kind, sha256, metadata })),
      findings: evidenceFindings(complaint, photos, others, rules),
      rules: { minutesBefore, minutesAfter, farApartMeters },
    };
  }

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
        security,
        params: idParamsSchema,
        response: { 200: complaintEvidenceResponseSchema },
      },
    },
    async (request) => ({ data: await evidenceFor(ruleCallerOf(request), request.params.id) }),
  );

  app.get(
    `/${apiPaths.complaintEvidencePack(':id')}`,
    {
      config: { problems: [problems.complaintNotYours, problems.timeZoneUnknown] },
      onRequest: app.requirePrivilege(guards.complaintRead),
      schema: {
        operationId: 'getComplaintEvidencePack',
        summary: 'Download a complaint’s evidence pack',
        description:
          'One PDF to hand over (words in `lang`, times in `tz`): the complaint, every move with who and when and its chain hash, each photo at display size with what it says of itself, the findings and the SHA-256 of its original, the complaint’s audit events with their chain hashes, and who made the pack when. Making it is audited; the PDF is streamed',
        security,
        params: idParamsSchema,
        querystring: z.object(exportQueryShape),
        produces: ['application/pdf'],
        response: {
          200: {
            description: 'The evidence pack, a PDF',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
        },
      },
    },
    async (request, reply) => {
      const caller = ruleCallerOf(request);
      const { lang, tz } = request.query;
      const zone = checkTimeZone(tz);
      const evidence = await evidenceFor(caller, request.params.id);
      const found = (await findComplaint(db, request.params.id, fileUrl))!;
      // Audited before the first byte: the pack lists its own making among the complaint's events.
      await db.transaction((tx) =>
        appendAudit(tx, auditActorOf(request), auditRecord(packAudit(found.complaint, { lang, tz: zone, photos: evidence.photos.length }))),
      );
      const [chain, audit, head, stored] = await Promise.all([
        moveChainOf(db, found.complaint.id),
        chainedAuditOf(db, 'complaint', String(found.complaint.id)),
        auditChainHead(db),
        storageNamesOf(
          db,
          evidence.photos.map((p) => p.fileId),
        ),
      ]);
      const { user } = callerOf(request).account;
      const pack = evidencePack(
        {
          complaint: found.complaint,
          moves: found.complaint.statusHistory.map((move) => ({ ...move, ...(chain.get(move.id) ?? { seq: 0, hash: '' }) })),
          evidence,
          audit,
          head: { seq: head?.seq ?? 0, hash: head?.hash ?? '' },
          madeBy: { fullName: user.fullName, email: user.email },
          madeAt: new Date().toISOString(),
        },
        lang,
        zone,
      );
      const pdf: Readable = evidencePackPdf(pack, async (fileId) => {
        const name = stored.get(fileId);
        return name ? packPhoto(store, name) : null;
      });
      return sendPdf(reply, `evidence-${found.complaint.refNo}.pdf`, pdf);
    },
  );
};
