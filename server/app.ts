import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Config, evidenceRulesOf } from './config';
import type { Db } from './db/client';
import { responseSerializerCompiler } from './http/response-serializer';
import { authPlugin } from './plugins/auth';
import { openApiPlugin } from './plugins/openapi';
import { securityHeadersPlugin } from './plugins/security-headers';
import { BODY_LIMIT, frameworkErrors, MAX_PARAM_LENGTH, problemNotFound, registerErrorHandler } from './plugins/error-handler';
import { passwordResetRoutes } from './routes/auth/password-reset';
import { registrationRoutes } from './routes/auth/registration';
import { sessionRoutes } from './routes/auth/sessions';
import { secondFactorRoutes } from './routes/auth/second-factor';
import { myTwoFactorRoutes } from './routes/my-two-factor';
import { loadSecondFactorKey } from './services/second-factor-key';
import { complaintRoutes } from './routes/complaints';
import { evidenceRoutes } from './routes/evidence';
import { fileRoutes } from './routes/files';
import { meRoutes } from './routes/me';
import { mySessionRoutes } from './routes/my-sessions';
import { menuRoutes } from './routes/menu';
import { notificationRoutes } from './routes/notifications';
import { savedViewRoutes } from './routes/saved-views';
import { catalogueRoutes } from './routes/catalogues';
import { formulaEvaluateRoutes } from './routes/formulas';
import { contractRoutes } from './routes/contracts';
import { claimRecordRoutes } from './routes/claim-records';
import { dashboardRoutes } from './routes/dashboard';
import { mailRoutes } from './routes/mail';
import { auditEventRoutes } from './routes/audit-events';
import { userRoutes } from './routes/users';
import { privilegeRoutes } from './routes/privileges';
import { REFERENCE_LIST_KEYS } from '../contract/reference-list-fields';
import {
  referenceInputSchema,
  referenceListResponseSchema,
  referenceResponseSchema,
  referenceSchema,
  referenceUpdateSchema,
} from '../contract/reference-lists';
import {
  typeOfOffenceInputSchema,
  typeOfOffenceListResponseSchema,
  typeOfOffenceResponseSchema,
  typeOfOffenceSchema,
  typeOfOffenceUpdateSchema,
} from '../contract/type-of-offences';
import { FORMULA_RULES, ORGANIZATION_RULES, PERSONA_RULES, REFERENCE_RULES, TYPE_OF_OFFENCE_RULES } from '../domain/catalogues';
import { CATALOGUE_SCHEMAS } from '../contract/catalogues';
import { DEFAULT_UPLOAD_ALLOWANCE } from '../domain/files';
import { resetToDemoData } from './db/seed';
import { testHookRoutes } from './routes/test-hooks';
import { createMailer } from './services/mailer';
import { sharedSecret } from './repositories/app-secrets';
import { healthRoutes } from './routes/health';
import { metricsPlugin } from './services/metrics';
import { fileUrls } from './services/file-urls';
import { fileStore } from './services/file-store';
import { folderStorage, type Storage } from './services/storage';
import { scheduleUploadCleanup } from './services/upload-cleanup';
import { compressionPlugin } from './plugins/compression';
import { DEFAULT_EXPORT_TIME_LIMIT_SECONDS } from './http/stream';
import { ProcessCache } from './services/process-cache';

export interface AppOptions {
  db: Db;
  config: Pick<Config, 'SESSION_TTL_HOURS' | 'filesDir' | 'spaDir' | 'ALLOW_TEST_RESET'> &
    Partial<
      Pick<
        Config,
        | 'PORT'
        | 'APP_URL'
        | 'SMTP_URL'
        | 'MAIL_FROM'
        | 'TRUST_PROXY'
        | 'PROCESS_CACHE'
        | 'UPLOAD_UNATTACHED_HOURS'
        | 'UPLOAD_QUOTA_MB'
        | 'UPLOAD_CLEANUP_MINUTES'
        | 'TWO_FACTOR_KEY'
        | 'EXPORT_TIME_LIMIT_SECONDS'
        | 'METRICS_TOKEN'
        | 'PHOTO_TIME_ZONE'
        | 'EVIDENCE_HOURS_BEFORE'
        | 'EVIDENCE_HOURS_AFTER'
        | 'EVIDENCE_FAR_APART_METERS'
        | 'dataDir'
      >
    >;
  /** Where the demo images are, for the test-only reset. */
  imagesDir?: string;
  /** Where uploads are kept (`FILES_URL`); the folder `config.filesDir` when not given. */
  storage?: Storage;
  logger?: FastifyServerOptions['logger'];
}

/**
 * The hashes of index.html's inline scripts (the one that shows its first sign-in form before
 * the app's code comes), so the policy lets exactly them run and no other inline script.
 */
export function inlineScriptHashes(indexHtml: string): string[] {
  if (!existsSync(indexHtml)) return [];
  return [...readFileSync(indexHtml, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`,
  );
}

/** The SPA's needs and nothing more: Mantine sets inline styles, images may be data URLs. */
const contentSecurityPolicy = (spaDir: string) => ({
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...inlineScriptHashes(join(spaDir, 'index.html'))],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'"],
    fontSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    workerSrc: ["'self'"],
  },
});

/**
 * The SPA sends a JSON content type on every call (SPEC §7), DELETE and sign-out included,
 * with no body; those are empty, not malformed. Anything else goes to Fastify's own parser,
 * which refuses prototype poisoning.
 */
function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : parseJson(request, body.toString(), done),
  );
}

/** Builds the app from plugins, then routes (fastify/demo); `main.ts` only listens. */
export async function buildApp({ db, config, logger = false, imagesDir, storage = folderStorage(config.filesDir) }: AppOptions) {
  const store = fileStore(storage);
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
    trustProxy: config.TRUST_PROXY === 'true',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app);
  const notFound = problemNotFound(app);
  acceptEmptyJsonBodies(app);
  // Shutting down (issue 33): Fastify stops taking connections and answers 503 to new requests on
  // open ones, while those under way finish; their answers close their connections, so a client
  // keeping one alive does not hold the close up until its keep-alive timeout.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  // Test servers say which process answered, so tests can see requests spread over WORKERS.
  if (config.ALLOW_TEST_RESET === 'true')
    app.addHook('onSend', async (_request, reply) => void reply.header('x-served-by', String(process.pid)));
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: contentSecurityPolicy(config.spaDir),
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compressionPlugin);
  await app.register(openApiPlugin);

  const urls = fileUrls(await sharedSecret(db, 'file-urls'));
  // Its own connection, LISTENing for the change notices of migrations 0015 and 0016.
  const processCache = config.PROCESS_CACHE === 'off' ? null : new ProcessCache({ connection: db.$client.options, log: app.log });
  app.decorate('processCache', processCache);
  await app.register(healthRoutes, { db, storage, processCache });
  await app.register(metricsPlugin, { db, processCache, token: config.METRICS_TOKEN });
  if (processCache) {
    await processCache.start();
    app.addHook('onClose', () => processCache.close());
  }
  await app.register(authPlugin, { db, imageUrl: urls.url, cache: processCache });

  const mailer = createMailer({
    db,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM ?? 'Complaint Desk <no-reply@complaint-desk.local>',
    log: app.log,
  });
  const appUrl = (config.APP_URL ?? `http://localhost:${config.PORT ?? 3000}`).replace(/\/$/, '');
  const secondFactorKey = await loadSecondFactorKey(config);
  const accountOptions = { db, sessionTtlMs: config.SESSION_TTL_HOURS * 3_600_000, imageUrl: urls.url, mailer, appUrl, secondFactorKey };
  await app.register(sessionRoutes, accountOptions);
  await app.register(secondFactorRoutes, accountOptions);
  await app.register(registrationRoutes, accountOptions);
  await app.register(passwordResetRoutes, accountOptions);
  await app.register(meRoutes, { db, imageUrl: urls.url });
  await app.register(mySessionRoutes, { db });
  await app.register(myTwoFactorRoutes, { db, secondFactorKey });
  await app.register(menuRoutes, { db });
  await app.register(notificationRoutes, { db });
  await app.register(savedViewRoutes, { db });
  // How long an export may hold its database connection.
  const exportLimitMs = (config.EXPORT_TIME_LIMIT_SECONDS ?? DEFAULT_EXPORT_TIME_LIMIT_SECONDS) * 1000;
  const evidenceRules = evidenceRulesOf(config);
  await app.register(complaintRoutes, { db, fileUrl: urls.url, store, mailer, appUrl, exportLimitMs, rules: evidenceRules });
  await app.register(evidenceRoutes, { db, rules: evidenceRules, store, fileUrl: urls.url });
  for (const key of REFERENCE_LIST_KEYS) {
    const schemas = {
      item: referenceSchema,
      list: referenceListResponseSchema,
      response: referenceResponseSchema,
      input: referenceInputSchema,
      update: referenceUpdateSchema,
    };
    await app.register(catalogueRoutes, { db, exportLimitMs, key, rules: REFERENCE_RULES[key], schemas });
  }
  const offenceTypeSchemas = {
    item: typeOfOffenceSchema,
    list: typeOfOffenceListResponseSchema,
    response: typeOfOffenceResponseSchema,
    input: typeOfOffenceInputSchema,
    update: typeOfOffenceUpdateSchema,
  };
  await app.register(catalogueRoutes, {
    db,
    exportLimitMs,
    key: 'type-of-offences',
    rules: TYPE_OF_OFFENCE_RULES,
    schemas: offenceTypeSchemas,
  });
  await app.register(catalogueRoutes, {
    db,
    exportLimitMs,
    key: 'organizations',
    rules: ORGANIZATION_RULES,
    schemas: CATALOGUE_SCHEMAS.organizations,
  });
  await app.register(catalogueRoutes, { db, exportLimitMs, key: 'personas', rules: PERSONA_RULES, schemas: CATALOGUE_SCHEMAS.personas });
  await app.register(formulaEvaluateRoutes);
  await app.register(catalogueRoutes, { db, exportLimitMs, key: 'formulas', rules: FORMULA_RULES, schemas: CATALOGUE_SCHEMAS.formulas });
  await app.register(contractRoutes, { db, exportLimitMs });
  await app.register(claimRecordRoutes, { db });
  await app.register(dashboardRoutes, { db });
  await app.register(mailRoutes, { db, mailer });
  await app.register(auditEventRoutes, { db });
  await app.register(userRoutes, accountOptions);
  await app.register(privilegeRoutes, { db });
  const allowance = {
    unattachedHours: config.UPLOAD_UNATTACHED_HOURS ?? DEFAULT_UPLOAD_ALLOWANCE.unattachedHours,
    quotaMb: config.UPLOAD_QUOTA_MB ?? DEFAULT_UPLOAD_ALLOWANCE.quotaMb,
  };
  await app.register(fileRoutes, { db, urls, store, allowance, photoZone: config.PHOTO_TIME_ZONE });
  // main.ts passes the whole configuration; a test app leaves the interval out and runs the clean-up itself.
  if (config.UPLOAD_CLEANUP_MINUTES) {
    const stop = scheduleUploadCleanup({
      db,
      store,
      allowance,
      everyMinutes: config.UPLOAD_CLEANUP_MINUTES,
      log: app.log,
    });
    app.addHook('onClose', stop);
  }
  if (config.ALLOW_TEST_RESET === 'true' && imagesDir) {
    app.log.warn('ALLOW_TEST_RESET is on: /api/test/* can wipe the database and read the mail outbox');
    await app.register(testHookRoutes, { db, mailer, reset: () => resetToDemoData(db, { imagesDir, store }) });
  }

  if (existsSync(join(config.spaDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: config.spaDir,
      wildcard: false,
      index: 'index.html',
      // The build's Brotli and gzip copies (scripts/precompress.ts), as the client accepts them.
      preCompressed: true,
      // Hashed bundle names never change content: cache them for good. Everything else
      // (index.html, the locales) is asked again each time and answered 304 by its ETag, so
      // a deploy is seen at once.
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.includes(`${join('/', 'assets', '/')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // Client routes: any GET outside /api answers the SPA, which routes it.
    app.setNotFoundHandler((request, reply) =>
      request.method === 'GET' && !request.url.startsWith('/api/') ? reply.sendFile('index.html') : notFound(request, reply),
    );
  } else {
    app.setNotFoundHandler(notFound);
  }
  return app;
}
