import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from './db/database.ts';
import { buildApp } from './app.ts';
import { defaultConfig, type AppConfig } from './lib/config.ts';
import { EnvError, parseEnv, type RawEnv, type ServerEnv } from './lib/env.ts';
import { startHeartbeatJob } from './jobs/heartbeat.ts';
import { startOutboxJob } from './email/outbox-sender.ts';
import { startLinkSweepJob } from './jobs/link-sweep.ts';
import { startUpdateTriggerJob } from './jobs/update-trigger.ts';
import { startLogRetentionJob } from './jobs/log-retention.ts';
import { startBillingRenewalJob } from './jobs/billing-renewal.ts';
import { paymentProviderFor } from './billing/payment/select-provider.ts';
import type { LinkHub } from './device-link/link-hub.ts';
import { MemoryLinkHub } from './device-link/memory-link-hub.ts';
import { RedisLinkHub } from './device-link/redis-link-hub.ts';
import type { EventBus } from './live/event-bus.ts';
import { MemoryEventBus } from './live/memory-event-bus.ts';
import { RedisEventBus } from './live/redis-event-bus.ts';
import { redisErrorReporter } from './live/redis-errors.ts';
import { dashboardUrl } from './account/account-links.ts';
import { stderrJobLogger, type JobLogger } from './jobs/periodic.ts';
import { clearStaleLinks } from './device-link/cloudlink.repository.ts';
import { loadOsReleaseCatalog } from './os-releases/os-release-catalog.ts';
import { seedOsReleases } from './os-releases/os-release-seed.ts';
import { loadRegistryTokenKey } from './registry/token-signing-key.ts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  /** The validated environment (start-stack.ts reads the DEMO_* settings from it). */
  env: ServerEnv;
  url: string;
  dataDir: string;
  /** Stops accepting, lets in-flight requests finish, stops the jobs, closes the database. */
  stop(): Promise<void>;
  /**
   * `before` (e.g. stopping simulated devices) then `stop()`, together bounded by
   * SHUTDOWN_TIMEOUT_MS, and logged. Resolves to the process exit code: 0 when everything
   * closed in time, 1 when the timeout cut it short.
   */
  shutdown(reason: string, before?: () => Promise<void>): Promise<number>;
}

/** A session secret that survives restarts: JWT_SECRET, else one generated once into DATA_DIR. */
function loadJwtSecret(env: ServerEnv, dataDir: string): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function configFrom(env: ServerEnv, dataDir: string): AppConfig {
  const webDist = env.WEB_DIST ?? join(REPO_ROOT, 'apps/web/dist');
  return defaultConfig({
    jwtSecret: loadJwtSecret(env, dataDir),
    publicUrl: env.PUBLIC_URL,
    listenPort: env.PORT,
    webDist: existsSync(join(webDist, 'index.html')) ? webDist : undefined,
    captchaSecret: env.CAPTCHA_SECRET,
    captchaVerifyUrl: env.CAPTCHA_VERIFY_URL,
    smtpUrl: env.SMTP_URL,
    ...(env.MAIL_FROM ? { mailFrom: env.MAIL_FROM } : {}),
    supportEmail: env.SUPPORT_EMAIL,
    ...(env.SUPPORT_PORTAL_URL && env.SUPPORT_PORTAL_JWT_SECRET ? { supportPortal: { url: env.SUPPORT_PORTAL_URL, jwtSecret: env.SUPPORT_PORTAL_JWT_SECRET } } : {}),
    // Required when mail can actually be delivered, unless set explicitly (1 / 0).
    requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION ?? Boolean(env.SMTP_URL),
    ...(env.CODE_HOST_API_URL ? { codeHostApiUrl: env.CODE_HOST_API_URL } : {}),
    avatarUrl: env.AVATAR_URL,
    ...(env.MAP_TILE_URL ? { mapTileUrl: env.MAP_TILE_URL } : {}),
    adminUrl: env.ADMIN_URL,
    ...(env.CLI_VERSION ? { cliVersion: env.CLI_VERSION } : {}),
    ...(env.CLI_DOWNLOAD_BASE_URL ? { cliDownloadBaseUrl: env.CLI_DOWNLOAD_BASE_URL } : {}),
    gitServer: env.GIT_SERVER,
    geoIpUrl: env.GEOIP_URL,
    registryUrl: env.REGISTRY_URL,
    deltaUrl: env.DELTA_URL,
    deviceRootCaPem: env.deviceRootCaPem,
    registryTokenKey: loadRegistryTokenKey(dataDir, env.REGISTRY_TOKEN_KEY_FILE),
    headerLinks: {
      gettingStarted: env.GETTING_STARTED_URL,
      docs: env.DOCS_URL,
      featureRequests: env.FEATURE_REQUESTS_URL,
      forums: env.FORUMS_URL,
      help: env.HELP_URL,
      serviceStatus: env.STATUS_PAGE_URL,
      hub: env.HUB_URL,
    },
    trustProxy: env.TRUST_PROXY,
    releaseAssetMaxBytes: env.RELEASE_ASSET_MAX_BYTES,
    logRetentionLines: env.LOG_RETENTION_LINES,
    logLinesPerSecond: env.LOG_LINES_PER_SECOND,
    paymentProvider: env.PAYMENT_PROVIDER,
    stripeSecretKey: env.STRIPE_SECRET_KEY,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY,
    stripeApiUrl: env.STRIPE_API_URL,
    stripeJsUrl: env.STRIPE_JS_URL,
    socialSignIn: {
      ...(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
        ? { github: { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET, url: env.GITHUB_URL, apiUrl: env.GITHUB_API_URL } }
        : {}),
      ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET ? { google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuerUrl: env.GOOGLE_ISSUER_URL } } : {}),
    },
  });
}

/** Resolves after `ms`, without keeping the process alive for it. */
function delay(ms: number): Promise<'timeout'> {
  return new Promise((done) => setTimeout(() => done('timeout'), ms).unref());
}

/**
 * Starts the server from the environment. The environment is validated first (lib/env.ts):
 * a bad value throws an EnvError naming the variable before anything is opened.
 */
export async function startServer(rawEnv: RawEnv | NodeJS.ProcessEnv = process.env): Promise<RunningServer> {
  const env = parseEnv(rawEnv);
  const dataDir = resolve(env.DATA_DIR ?? join(REPO_ROOT, 'data'));
  mkdirSync(dataDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : join(dataDir, 'pglite'),
  });
  const config = configFrom(env, dataDir);
  // Host OS and supervisor releases are reference data: published (idempotently) before serving.
  try {
    await seedOsReleases(database.db, loadOsReleaseCatalog(env.OS_RELEASES_FILE));
  } catch (err) {
    await database.close();
    throw err;
  }
  // With REDIS_URL, a device linked to another API process is reached through Redis.
  let linkHub: LinkHub;
  let eventBus: EventBus;
  // Redis errors go to the server's log once it exists, to stderr while connecting at start.
  let redisLog: JobLogger = stderrJobLogger;
  const onRedisError = redisErrorReporter(() => redisLog);
  try {
    linkHub = env.REDIS_URL ? await RedisLinkHub.connect(env.REDIS_URL, { onError: onRedisError('link hub') }) : new MemoryLinkHub();
    eventBus = env.REDIS_URL ? await RedisEventBus.connect(env.REDIS_URL, { onError: onRedisError('event bus') }) : new MemoryEventBus();
    // One process: every link of an earlier run is gone.
    if (!env.REDIS_URL) await clearStaleLinks(database.db);
  } catch (err) {
    await database.close();
    throw err;
  }
  // TLS_CERT/TLS_KEY: https (and wss) on PORT itself; else plain http for a proxy in front.
  const app = await buildApp({ db: database.db, config, logLevel: env.LOG_LEVEL, linkHub, eventBus, https: env.tls });
  // Pool errors and load shedding go to the server's structured log from here on.
  database.setLog(app.log);
  redisLog = app.log;
  try {
    await app.listen({ port: env.PORT, host: env.HOST });
  } catch (err) {
    await app.close();
    await linkHub.close();
    await eventBus.close();
    await database.close();
    throw err;
  }
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : env.PORT;
  const url = env.PUBLIC_URL ?? `${env.tls ? 'https' : 'http'}://localhost:${actualPort}`;
  const stopHeartbeat = startHeartbeatJob(database.db, config, { log: app.log, eventBus });
  const stopOutbox = startOutboxJob(database.db, config, { log: app.log });
  const stopLinkSweep = startLinkSweepJob(database.db, linkHub, { log: app.log, eventBus });
  const stopUpdateTrigger = startUpdateTriggerJob(database.db, linkHub, { log: app.log });
  const stopLogRetention = startLogRetentionJob(database.db, { keepLines: config.logRetentionLines, log: app.log });
  const stopBillingRenewal = startBillingRenewalJob(database.db, paymentProviderFor(config), { log: app.log, dashboardUrl: dashboardUrl(config) });
  app.log.info({ url, database: database.kind }, 'Flotilla API started');

  let stopping: Promise<void> | null = null;
  const stop = () => {
    // Closing the server stops accepting connections and waits for in-flight requests (new
    // requests on kept-alive connections get 503); the jobs finish their tick meanwhile. The
    // database closes last, when nothing can use it any more.
    stopping ??= Promise.all([stopLinkSweep().then(() => app.close()).then(() => Promise.all([linkHub.close(), eventBus.close()])), stopHeartbeat(), stopOutbox(), stopLogRetention(), stopUpdateTrigger(), stopBillingRenewal()]).then(() => database.close());
    return stopping;
  };
  return {
    app,
    database,
    env,
    url,
    dataDir,
    stop,
    async shutdown(reason, before) {
      app.log.info({ reason, timeoutMs: env.SHUTDOWN_TIMEOUT_MS }, 'shutting down');
      const work = (async () => {
        await before?.();
        await stop();
        return 'stopped' as const;
      })();
      const outcome = await Promise.race([work, delay(env.SHUTDOWN_TIMEOUT_MS)]);
      if (outcome === 'timeout') {
        app.log.error({ timeoutMs: env.SHUTDOWN_TIMEOUT_MS }, 'shutdown timed out; exiting with requests or jobs still running');
        return 1;
      }
      app.log.info('stopped');
      return 0;
    },
  };
}

/**
 * For entry points (`tsx apps/api/src/server.ts`, scripts/start-stack.ts): an invalid
 * environment prints its one message and exits non-zero, without a stack trace.
 */
export async function startServerOrExit(rawEnv: RawEnv | NodeJS.ProcessEnv = process.env): Promise<RunningServer> {
  try {
    return await startServer(rawEnv);
  } catch (err) {
    if (!(err instanceof EnvError)) throw err;
    console.error(`Flotilla cannot start. ${err.message}`);
    process.exit(1);
  }
}

/**
 * SIGINT/SIGTERM stop the server gracefully within SHUTDOWN_TIMEOUT_MS (`before` runs first,
 * e.g. stopping simulated devices); a second signal exits at once with code 1.
 */
export function exitOnSignals(server: RunningServer, before?: () => Promise<void>): void {
  let shuttingDown = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      server.app.log.warn({ signal }, 'second signal; exiting now');
      process.exit(1);
    }
    shuttingDown = true;
    void server.shutdown(signal, before).then(
      (code) => process.exit(code),
      (err: unknown) => {
        server.app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

// Run directly: `tsx apps/api/src/server.ts`.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  exitOnSignals(await startServerOrExit());
}
