import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Guard } from '../../domain/access';
import { problems } from '../../domain/problems';
import type { Caller as RuleCaller } from '../../domain/visibility';
import type { Db } from '../db/client';
import { GUARD } from './openapi';
import { isAllowed } from '../repositories/privileges';
import { findSessionAccount } from '../repositories/sessions';
import type { Account } from '../repositories/users';
import { sha256 } from '../services/tokens';

export interface Caller {
  sessionId: string;
  account: Account;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyInstance {
    /** onRequest hook: a live session is required, before any input is even validated. */
    requireCaller: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook factory: the privilege matrix must allow what the guard names (domain/access.ts). */
    requirePrivilege: (guard: Guard) => (request: FastifyRequest) => Promise<void>;
  }
}

/** The caller of a request that passed `requireCaller`. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw problems.unauthorized();
  return request.caller;
}

/** The caller as the rules of domain/ see it. */
export const ruleCallerOf = (request: FastifyRequest): RuleCaller => callerOf(request).account.caller;

interface AuthOptions {
  db: Db;
  imageUrl: (fileId: string) => string;
}

/** Every request's bearer token is checked against a live session on every call. */
export const authPlugin = fp(async (app: FastifyInstance, { db, imageUrl }: AuthOptions) => {
  app.decorateRequest('caller', null);

  async function resolveCaller(request: FastifyRequest): Promise<Caller | null> {
    const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(request.headers.authorization ?? '');
    return match ? findSessionAccount(db, sha256(match[1]!), imageUrl) : null;
  }

  app.decorate('requireCaller', async (request: FastifyRequest) => {
    request.caller ??= await resolveCaller(request);
    if (!request.caller) throw problems.unauthorized();
  });

  app.decorate('requirePrivilege', (guard: Guard) =>
    Object.assign(async (request: FastifyRequest) => {
      await app.requireCaller(request);
      if (!(await isAllowed(db, request.caller!.account.userTypeId, guard))) throw problems.forbidden();
    }, { [GUARD]: true }),
  );
});
