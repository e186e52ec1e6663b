import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { forbidden, unauthorized } from '../http/problem';
import { GUARD } from './openapi';
import { isAllowed, type Action } from '../repositories/privileges';
import { findSessionAccount, type Account } from '../repositories/users';
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
    /** onRequest hook factory: the privilege matrix must allow `action` on one of `itemKeys`. */
    requirePrivilege: (itemKeys: readonly string[], action: Action) => (request: FastifyRequest) => Promise<void>;
  }
}

/** The caller of a request that passed `requireCaller`. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

interface AuthOptions {
  db: Db;
  imageUrl: (fileId: string) => string;
}

/** Every request's bearer token is checked against a live session on every call. */
export const authPlugin = fp(async (app: FastifyInstance, { db, imageUrl }: AuthOptions) => {
  app.decorateRequest('caller', null);

  async function resolveCaller(request: FastifyRequest): Promise<Caller | null> {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header);
    if (!match) return null;
    return findSessionAccount(db, sha256(match[1]!), imageUrl);
  }

  app.decorate('requireCaller', async (request: FastifyRequest) => {
    request.caller ??= await resolveCaller(request);
    if (!request.caller) throw unauthorized('Your session has ended or the token is not valid.');
  });

  app.decorate('requirePrivilege', (itemKeys: readonly string[], action: Action) =>
    Object.assign(async (request: FastifyRequest) => {
      await app.requireCaller(request);
      const { userTypeId } = request.caller!.account;
      if (!(await isAllowed(db, userTypeId, itemKeys, action))) throw forbidden();
    }, { [GUARD]: true }),
  );
});
