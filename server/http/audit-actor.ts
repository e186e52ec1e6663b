import type { FastifyRequest } from 'fastify';
import { callerOf } from '../plugins/auth';
import type { AuditActor } from '../repositories/audit';

/** Who makes this request's writes, as the audit trail records them. */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const { user } = callerOf(request).account;
  return { id: user.id, email: user.email, ip: request.ip ?? null };
}
