import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from './db/database.ts';
import { buildApp } from './app.ts';
import { defaultConfig, type AppConfig } from './lib/config.ts';
import { startHeartbeatJob } from './jobs/heartbeat.ts';
import { startOutboxJob } from './email/outbox-sender.ts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerEnv {
  PORT?: string;
  HOST?: string;
  DATA_DIR?: string;
  DATABASE_URL?: string;
  JWT_SECRET?: string;
  PUBLIC_URL?: string;
  WEB_DIST?: string;
  CAPTCHA_SECRET?: string;
  CAPTCHA_VERIFY_URL?: string;
  SMTP_URL?: string;
  MAIL_FROM?: string;
  REQUIRE_EMAIL_VERIFICATION?: string;
  CODE_HOST_API_URL?: string;
  AVATAR_URL?: string;
  ADMIN_URL?: string;
  LOG_LEVEL?: string;
}

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  dataDir: string;
  stop(): Promise<void>;
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

export async function startServer(env: ServerEnv = process.env as ServerEnv): Promise<RunningServer> {
  const dataDir = resolve(env.DATA_DIR ?? join(REPO_ROOT, 'data'));
  mkdirSync(dataDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATABASE_URL ? undefined : join(dataDir, 'pglite'),
  });
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST ?? '0.0.0.0';
  const webDist = env.WEB_DIST ?? join(REPO_ROOT, 'apps/web/dist');
  const config: AppConfig = defaultConfig({
    jwtSecret: loadJwtSecret(env, dataDir),
    publicUrl: env.PUBLIC_URL,
    webDist: existsSync(join(webDist, 'index.html')) ? webDist : undefined,
    captchaSecret: env.CAPTCHA_SECRET || undefined,
    captchaVerifyUrl: env.CAPTCHA_VERIFY_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    ...(env.MAIL_FROM ? { mailFrom: env.MAIL_FROM } : {}),
    // Required when mail can actually be delivered, unless set explicitly (1 / 0).
    requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION ? env.REQUIRE_EMAIL_VERIFICATION === '1' : Boolean(env.SMTP_URL),
    ...(env.CODE_HOST_API_URL ? { codeHostApiUrl: env.CODE_HOST_API_URL } : {}),
    avatarUrl: env.AVATAR_URL || undefined,
    adminUrl: env.ADMIN_URL || undefined,
  });
  const app = await buildApp({ db: database.db, config, logger: env.LOG_LEVEL ? true : false });
  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const url = env.PUBLIC_URL ?? `http://localhost:${actualPort}`;
  const stopHeartbeat = startHeartbeatJob(database.db, config);
  const stopOutbox = startOutboxJob(database.db, config, { onError: (err) => app.log.error(err) });
  return {
    app,
    database,
    url,
    dataDir,
    async stop() {
      await stopHeartbeat();
      await stopOutbox();
      await app.close();
      await database.close();
    },
  };
}

// Run directly: `tsx apps/api/src/server.ts`.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const server = await startServer();
  console.log(`Flotilla API listening on ${server.url} (${server.database.kind})`);
  const shutdown = async () => {
    await server.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
