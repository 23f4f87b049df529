import { createAssetBodySlots } from './release-assets/asset-body-slots.ts';
import { createOpenStreams } from './lib/open-streams.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import type { Db } from './db/database.ts';
import type { AppConfig } from './lib/config.ts';
import type { LogLevel, TrustProxy } from './lib/env.ts';
import type { ServerTls } from './lib/tls-files.ts';
import './plugins/fastify-augment.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerJsonBodyParser } from './plugins/json-body.ts';
import { RequestLogController, loggerOptions, requestIdHeader, requestIdOf, type LogStream } from './plugins/logging.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { compression } from './plugins/compression.ts';
import { TargetTagWriter } from './devices/target-tag-writer.ts';
import { PollReads } from './devices/poll-reads.ts';
import { FleetTargetParts } from './devices/fleet-target-parts.ts';
import { authPlugin } from './plugins/auth.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { socialSignInRoutes } from './social-sign-in/social-sign-in.routes.ts';
import { accountRoutes } from './account/account.routes.ts';
import { apiKeyRoutes } from './api-keys/api-keys.routes.ts';
import { twoFactorRoutes } from './two-factor/two-factor.routes.ts';
import { profileRoutes } from './profile/profile.routes.ts';
import { deleteAccountRoutes } from './delete-account/delete-account.routes.ts';
import { staffRoutes } from './staff/staff.routes.ts';
import { odataRoutes } from './odata/odata.routes.ts';
import { releaseAssetRoutes } from './release-assets/release-asset.routes.ts';
import { invitationRoutes } from './invitations/invitations.routes.ts';
import { deviceProtocolRoutes } from './devices/device-protocol.routes.ts';
import { configRoutes } from './config/config.routes.ts';
import { downloadSizeRoutes } from './os-releases/download-size.routes.ts';
import { webRoutes } from './web/web.routes.ts';
import websocket from '@fastify/websocket';
import { LINK_MAX_FRAME_BYTES } from '@flotilla/core/device-link';
import type { LinkHub } from './device-link/link-hub.ts';
import { MemoryLinkHub } from './device-link/memory-link-hub.ts';
import { linkRoutes } from './device-link/link.routes.ts';
import type { EventBus } from './live/event-bus.ts';
import { MemoryEventBus } from './live/memory-event-bus.ts';
import { livePlugin } from './live/live.plugin.ts';
import { supervisorRoutes } from './device-link/supervisor.routes.ts';
import { terminalRoutes } from './terminal/terminal.routes.ts';
import { osUpdateRoutes } from './os-update/os-update.routes.ts';
import { diagnosticsRoutes } from './diagnostics/diagnostics.routes.ts';
import { registryTokenRoutes } from './registry/token.routes.ts';
import { osConfigRoutes } from './os-config/os-config.routes.ts';
import { billingRoutes } from './billing/billing.routes.ts';

export interface BuildAppOptions {
  db: Db;
  config: AppConfig;
  /** Pino level; `silent` by default so tests stay quiet (server.ts passes LOG_LEVEL, default info). */
  logLevel?: LogLevel;
  /** Where log lines go (stdout by default); tests pass a collector. */
  logStream?: LogStream;
  /** Device links: in memory by default; server.ts passes the Redis hub when REDIS_URL is set. */
  linkHub?: LinkHub;
  /** Live events: in memory by default; server.ts passes the Redis bus when REDIS_URL is set. */
  eventBus?: EventBus;
  /** Serve https with this certificate (TLS_CERT/TLS_KEY, server.ts); unset = plain http. */
  https?: ServerTls;
}

/** Fastify takes a hop count at run time, but its types only know the function form of it. */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** Registers plugins and modules; never listens (server.ts does, tests use app.inject()). */
export async function buildApp({ db, config, logLevel = 'silent', logStream, linkHub = new MemoryLinkHub(), eventBus = new MemoryEventBus(), https }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(logLevel, logStream),
    logController: new RequestLogController(),
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Behind a reverse proxy (TRUST_PROXY), request.ip is the client's address from X-Forwarded-For.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // OData URLs carry `$`, `(`, `'`: keep the raw URL; the OData layer decodes it itself.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    bodyLimit: 10 * 1024 * 1024,
    // An https server is the same instance to every plugin (websockets upgrade on it as wss).
    ...(https ? { https } : {}),
  });
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('linkHub', linkHub);
  app.decorate('eventBus', eventBus);
  app.decorate('targetTags', new TargetTagWriter(db, (err) => app.log.warn({ err }, 'target state: storing tags failed')));
  app.decorate('fleetTargetParts', new FleetTargetParts());
  app.decorate('pollReads', new PollReads(db, config.defaultPollIntervalMs));
  app.decorate('assetBodySlots', createAssetBodySlots(config.releaseAssetMemoryBytes));
  app.decorate('openStreams', createOpenStreams(config.streamsPerCaller));
  // What is queued is written before the database is closed (after app.close()).
  app.addHook('onClose', () => app.targetTags.flush());
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  await app.register(requestIdHeader);
  await app.register(securityHeaders);
  // Before every route: it attaches to routes as they are added.
  await app.register(compression);
  await app.register(cors, {
    origin: true,
    methods: ['GET', 'PUT', 'POST', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'],
    allowedHeaders: ['Content-Type', 'Authorization', 'X-Balena-Client', 'Application-Record-Count', 'MaxDataServiceVersion', 'X-Requested-With', 'If-None-Match'],
    exposedHeaders: ['Retry-After', 'ETag'],
  });
  // Before auth: its onRequest hook marks upgrade requests, so a refused upgrade (401 from auth)
  // has its socket destroyed after the answer instead of held open.
  await app.register(websocket, { options: { maxPayload: LINK_MAX_FRAME_BYTES } });
  await app.register(authPlugin);
  await app.register(import('./plugins/zod-validation.ts')); // zod route schemas, before every route
  app.get('/ping', async (_req, reply) => reply.type('text/plain').send('OK'));
  app.get('/connectivity-check', async (_req, reply) => reply.status(204).send());
  // Before authRoutes: its sign-up hook (verification email) must see /user/register.
  await app.register(accountRoutes);
  await app.register(authRoutes);
  await app.register(socialSignInRoutes);
  await app.register((await import('./saml/saml.routes.ts')).samlRoutes); // SAML single sign-on (saml/)
  await app.register(apiKeyRoutes);
  await app.register((await import('./oauth/oauth.routes.ts')).oauthRoutes); // OAuth applications (oauth/)
  await app.register(twoFactorRoutes);
  await app.register(profileRoutes);
  await app.register(deleteAccountRoutes);
  await app.register(staffRoutes);
  await app.register(configRoutes);
  await app.register(downloadSizeRoutes);
  await app.register(invitationRoutes);
  await app.register(livePlugin); // before the OData routes: its hooks publish their device writes
  await app.register(odataRoutes);
  await app.register(releaseAssetRoutes);
  await app.register(deviceProtocolRoutes);
  await app.register(linkRoutes);
  await app.register(supervisorRoutes);
  await app.register(terminalRoutes);
  await app.register(osUpdateRoutes);
  await app.register(diagnosticsRoutes);
  await app.register(registryTokenRoutes);
  await app.register(osConfigRoutes);
  await app.register(billingRoutes);
  await app.register((await import('./support/support.routes.ts')).supportRoutes); // the help desk behind the support drawer (support/)
  await app.register((await import('./support/portal-login.routes.ts')).portalLoginRoutes); // the support portal's JWT sign-in (support/)
  await app.register(webRoutes);
  return app;
}
