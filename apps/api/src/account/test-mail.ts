import { expect } from 'vitest';
import type { Db } from '../db/database.ts';
import { listLatestEmails, type OutboxRow } from '../email/outbox.repository.ts';

/** Test helpers: read mail from the outbox as a user would read their inbox. */
export async function latestEmailTo(db: Db, to: string): Promise<OutboxRow> {
  const [row] = await listLatestEmails(db, { to, limit: 1 });
  expect(row, `no email to ${to}`).toBeDefined();
  return row as OutboxRow;
}

/** The first dashboard link in the email's text body. */
export function linkIn(email: OutboxRow): URL {
  const match = /https?:\/\/\S+/.exec(email.text_body);
  expect(match, email.text_body).not.toBeNull();
  return new URL((match as RegExpExecArray)[0]);
}
