import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Queries on `email_outbox` (migrations 0011, 0060); delivery rules are in outbox-sender.ts. */
export type EmailKind = 'verify-email' | 'change-email' | 'email-changed' | 'password-reset' | 'password-changed' | (string & {});

export interface NewEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: EmailKind;
}

export interface OutboxRow {
  id: number;
  created_at: Date;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  kind: string;
  sent_at: Date | null;
  failed_at: Date | null;
  attempts: number;
  last_error: string | null;
}

const COLUMNS = ['id', 'created_at', 'to_address', 'subject', 'text_body', 'html_body', 'kind', 'sent_at', 'failed_at', 'attempts', 'last_error'] as const;

/** Queues one email; the sender job delivers it when SMTP is configured. Returns the row id. */
export async function enqueueEmail(db: Db, email: NewEmail): Promise<number> {
  const row = await db
    .insertInto('email_outbox')
    .values({ to_address: email.to, subject: email.subject, text_body: email.text, html_body: email.html ?? null, kind: email.kind })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Newest first; `to` narrows to one recipient (tests and the dev `npm run outbox`). */
export async function listLatestEmails(db: Db, opts: { limit?: number; to?: string } = {}): Promise<OutboxRow[]> {
  let query = db.selectFrom('email_outbox').select(COLUMNS).orderBy('id', 'desc').limit(opts.limit ?? 10);
  if (opts.to) query = query.where('to_address', '=', opts.to.toLowerCase());
  return query.execute();
}

/**
 * Takes up to `limit` due rows and pushes their next attempt `leaseMs` ahead, in one statement
 * (`FOR UPDATE SKIP LOCKED`), so a second replica does not pick the same rows while these are
 * being sent; a crash mid-send simply retries after the lease.
 */
export async function claimDueEmails(db: Db, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const result = await sql<OutboxRow>`
    UPDATE email_outbox SET next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000}::double precision)
     WHERE id IN (
       SELECT id FROM email_outbox
        WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
        ORDER BY next_attempt_at, id LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
    RETURNING id, created_at, to_address, subject, text_body, html_body, kind, sent_at, failed_at, attempts, last_error`.execute(db);
  return result.rows;
}

export async function markEmailSent(db: Db, id: number): Promise<void> {
  await db.updateTable('email_outbox').set({ sent_at: sql`now()`, attempts: sql`attempts + 1`, last_error: null }).where('id', '=', id).execute();
}

/** A failed attempt: retry after `retryInMs`, or give up (`failed_at`) when `giveUp`. */
export async function markEmailAttemptFailed(db: Db, id: number, error: string, retryInMs: number, giveUp: boolean): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({
      attempts: sql`attempts + 1`,
      last_error: error.slice(0, 1000),
      next_attempt_at: sql`now() + make_interval(secs => ${retryInMs / 1000}::double precision)`,
      failed_at: giveUp ? sql`now()` : null,
    })
    .where('id', '=', id)
    .execute();
}
