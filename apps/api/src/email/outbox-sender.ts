import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';
import { claimDueEmails, markEmailAttemptFailed, markEmailSent, type OutboxRow } from './outbox.repository.ts';
import { startPeriodic, stderrJobLogger, type JobLogger } from '../jobs/periodic.ts';
import { ADVISORY_LOCK_KEYS } from '../jobs/lock-keys.ts';

/**
 * Delivers the outbox through SMTP. Each tick takes a PostgreSQL advisory lock (like the
 * heartbeat job) so that with several replicas one sends at a time, and claims rows with a
 * lease so even an overlapping tick never sends a row twice. Failures retry with exponential
 * back-off (1, 2, 4, 8 minutes) and are given up after MAX_ATTEMPTS (row keeps `last_error`).
 */
export const OUTBOX_LOCK_KEY = ADVISORY_LOCK_KEYS.outbox;
export const MAX_ATTEMPTS = 5;
const BATCH = 20;
const LEASE_MS = 5 * 60_000;
const DEFAULT_TICK_MS = 5000;

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** What the job needs of a mail transport (nodemailer's SMTP transport in production). */
export interface MailTransport {
  sendMail(message: MailMessage): Promise<unknown>;
  close(): void;
}

export function createSmtpTransport(smtpUrl: string): MailTransport {
  return nodemailer.createTransport(smtpUrl);
}

export function retryDelayMs(attempts: number): number {
  return 60_000 * 2 ** Math.max(0, attempts - 1);
}

export interface OutboxTickResult {
  /** False when another replica held the lock. */
  ran: boolean;
  sent: number;
  failed: number;
}

async function claimUnderLock(db: Db): Promise<OutboxRow[] | null> {
  return db.transaction().execute(async (tx) => {
    const lock = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${OUTBOX_LOCK_KEY}) AS locked`.execute(tx);
    if (!lock.rows[0]?.locked) return null;
    return claimDueEmails(tx, BATCH, LEASE_MS);
  });
}

/**
 * One pass: claim due rows (short transaction), send each outside any transaction, record.
 * A failed delivery is logged (warn while it will be retried, error when given up) with the
 * row id, never the recipient or the body.
 */
export async function runOutboxTick(db: Db, transport: MailTransport, from: string, log: JobLogger = stderrJobLogger): Promise<OutboxTickResult> {
  const rows = await claimUnderLock(db);
  if (rows === null) return { ran: false, sent: 0, failed: 0 };
  let sent = 0;
  let failed = 0;
  for (const row of rows) {
    try {
      await transport.sendMail({ from, to: row.to_address, subject: row.subject, text: row.text_body, ...(row.html_body ? { html: row.html_body } : {}) });
      await markEmailSent(db, row.id);
      sent++;
    } catch (err) {
      const attempts = row.attempts + 1;
      const givenUp = attempts >= MAX_ATTEMPTS;
      const reason = err instanceof Error ? err.message : String(err);
      await markEmailAttemptFailed(db, row.id, reason, retryDelayMs(attempts), givenUp);
      // The reason, not the error object: nodemailer's errors list the rejected recipients.
      const facts = { job: 'outbox', emailId: row.id, attempts, reason };
      if (givenUp) log.error(facts, 'email delivery failed; giving up');
      else log.warn(facts, 'email delivery failed; will retry');
      failed++;
    }
  }
  return { ran: true, sent, failed };
}

export interface OutboxJobOptions {
  intervalMs?: number;
  transport?: MailTransport;
  /** Failures are logged here (the server's logger); default stderr. */
  log?: JobLogger;
}

/** Starts the sender when `smtpUrl` is set (otherwise mail stays readable in the table). */
export function startOutboxJob(db: Db, config: AppConfig, opts: OutboxJobOptions = {}): () => Promise<void> {
  if (!config.smtpUrl && !opts.transport) return async () => {};
  const transport = opts.transport ?? createSmtpTransport(config.smtpUrl as string);
  const log = opts.log ?? stderrJobLogger;
  const stop = startPeriodic(() => runOutboxTick(db, transport, config.mailFrom, log), opts.intervalMs ?? DEFAULT_TICK_MS, { name: 'outbox', log });
  return async () => {
    await stop();
    transport.close();
  };
}
