import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { guards, type Guard } from '../../domain/access';
import { orThrow, problems } from '../../domain/problems';
import { isSeenStale } from '../../domain/sessions';
import { decideSessionFactor } from '../../domain/two-factor';
import type { Caller as RuleCaller } from '../../domain/visibility';
import type { Db } from '../db/client';
import { GUARD } from './openapi';
import { isAllowed } from '../repositories/privileges';
import { findSessionAccount, markSessionSeen } from '../repositories/sessions';
import type { Account } from '../repositories/users';
import type { ProcessCache } from '../services/process-cache';
import { sha256 } from '../services/tokens';

export interface Caller {
  sessionId: string;
  account: Account;
  /** Whether this session answered a second factor (issue 45): rights that need one are held only then. */
  secondFactor: boolean;
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
    /**
     * Whether the matrix allows the signed-in caller what the guard names (a choice within a call,
     * not a refusal); a right held, in a session that owes its second factor, asks for it (403).
     */
    callerMay: (request: FastifyRequest, guard: Guard) => Promise<boolean>;
    /** This process's cache, or null when it is off (server/app.ts). */
    processCache: ProcessCache | null;
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
  /** Sessions and privilege answers kept per process (issue 17); null asks PostgreSQL every time. */
  cache: ProcessCache | null;
}

/**
 * Every request's bearer token is checked against a live session: through the process's
 * cache while it hears the database's change notices, else against PostgreSQL on every call.
 * Cached answers are shared between requests and must not be changed.
 */
export const authPlugin = fp(async (app: FastifyInstance, { db, imageUrl, cache }: AuthOptions) => {
  app.decorateRequest('caller', null);

  async function resolveCaller(request: FastifyRequest): Promise<Caller | null> {
    const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(request.headers.authorization ?? '');
    if (!match) return null;
    const tokenHash = sha256(match[1]!);
    const load = () => findSessionAccount(db, tokenHash, imageUrl);
    if (!cache) return (await load())?.caller ?? null;
    return cache.get(`session:${tokenHash}`, async () => {
      const found = await load();
      return found && { value: found.caller, expiresAt: found.expiresAt.getTime() };
    });
  }

  const allowed = (userTypeId: number, guard: Guard) =>
    cache
      ? cache.get(`allowed:${userTypeId}:${guard.action}:${guard.itemKeys.join(',')}`, async () => ({
          value: await isAllowed(db, userTypeId, guard),
        }))
      : isAllowed(db, userTypeId, guard);

  if (cache) {
    // Whatever a request changed (a sign-out, a disabled user, the matrix, a notification) this
    // process has heard of before it answers: the caller's next request never meets the old answer.
    app.addHook('onSend', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) await cache.sync();
    });
  }

  // When this process last wrote each session's last-seen time down (the profile's session list).
  const seenWritten = new Map<string, number>();
  async function markSeen(request: FastifyRequest, sessionId: string) {
    const now = Date.now();
    if (!isSeenStale(seenWritten.get(sessionId) ?? null, now)) return;
    if (seenWritten.size >= 10_000) seenWritten.clear();
    seenWritten.set(sessionId, now);
    // A note for the profile's list: failing to write it (a session ended meanwhile) fails no request.
    await markSessionSeen(db, sessionId, new Date(now)).catch((error: unknown) =>
      request.log.warn({ err: error }, 'last seen not written'),
    );
  }

  app.decorate('requireCaller', async (request: FastifyRequest) => {
    if (!request.caller) {
      request.caller = await resolveCaller(request);
      if (request.caller) await markSeen(request, request.caller.sessionId);
    }
    if (!request.caller) throw problems.unauthorized();
  });

  /**
   * A session that answered no second factor holds no privilege of a user type that requires one
   * (domain/two-factor.ts decideSessionFactor): asked per request, so a type's new grants or a
   * user's new type reach such a session only after it answers a code.
   */
  async function requireSessionFactor(caller: Caller) {
    if (caller.secondFactor) return;
    orThrow(decideSessionFactor((await allowed(caller.account.userTypeId, guards.matrixUpdate)) === true, false));
  }

  app.decorate('callerMay', async (request: FastifyRequest, guard: Guard) => {
    const caller = callerOf(request);
    if ((await allowed(caller.account.userTypeId, guard)) !== true) return false;
    await requireSessionFactor(caller);
    return true;
  });

  app.decorate('requirePrivilege', (guard: Guard) =>
    Object.assign(
      async (request: FastifyRequest) => {
        await app.requireCaller(request);
        const caller = request.caller!;
        if (!(await allowed(caller.account.userTypeId, guard))) throw problems.forbidden();
        await requireSessionFactor(caller);
      },
      { [GUARD]: guard },
    ),
  );
});
