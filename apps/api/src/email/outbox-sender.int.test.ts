import { ADVISORY_LOCK_KEYS } from '../jobs/lock-keys.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { enqueueEmail, listLatestEmails } from './outbox.repository.ts';
import { MAX_ATTEMPTS, createSmtpTransport, retryDelayMs, runOutboxTick, startOutboxJob, type MailTransport } from './outbox-sender.ts';
import { uniqueEmail } from '../auth/test-helpers.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP stand-in speaking the real protocol on an ephemeral port; `reject` refuses recipients. */
async function startSmtp(opts: { reject?: (to: string) => boolean } = {}): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (opts.reject?.(address.address)) return cb(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('outbox sender', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let transport: MailTransport;
  beforeAll(async () => {
    ctx = await createTestApp();
    smtp = await startSmtp({ reject: (to) => to.startsWith('bounce') });
    transport = createSmtpTransport(smtp.url);
  });
  afterAll(async () => {
    transport.close();
    await smtp.close();
    await ctx.close();
  });

  const rowFor = async (to: string) => (await listLatestEmails(ctx.app.db, { to, limit: 1 }))[0];

  it('delivers pending mail through SMTP once and marks it sent', async () => {
    const to = uniqueEmail('smtp');
    await enqueueEmail(ctx.app.db, { to, subject: 'Hello there', text: 'plain body', html: '<p>html body</p>', kind: 'test' });
    const result = await runOutboxTick(ctx.app.db, transport, 'Flotilla <no-reply@flotilla.test>');
    expect(result.ran).toBe(true);
    const mail = smtp.received.find((m) => m.to.includes(to));
    expect(mail?.from).toBe('no-reply@flotilla.test');
    expect(mail?.raw).toContain('Subject: Hello there');
    expect(mail?.raw).toContain('plain body');
    expect(mail?.raw).toContain('<p>html body</p>');
    const row = await rowFor(to);
    expect(row?.sent_at).not.toBeNull();
    expect(row?.attempts).toBe(1);
    await runOutboxTick(ctx.app.db, transport, 'x@flotilla.test');
    expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(1);
  });

  it('records a refused delivery, retries with back-off and gives up after the last attempt', async () => {
    const to = `bounce.${uniqueEmail()}`;
    await enqueueEmail(ctx.app.db, { to, subject: 'Nope', text: 'x', kind: 'test' });
    await runOutboxTick(ctx.app.db, transport, 'a@flotilla.test');
    let row = await rowFor(to);
    expect(row?.sent_at).toBeNull();
    expect(row?.failed_at).toBeNull();
    expect(row?.attempts).toBe(1);
    expect(row?.last_error).toContain('mailbox unavailable');
    // Not due yet: a second tick leaves it alone.
    await runOutboxTick(ctx.app.db, transport, 'a@flotilla.test');
    expect((await rowFor(to))?.attempts).toBe(1);
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      await ctx.app.db.updateTable('email_outbox').set({ next_attempt_at: new Date(Date.now() - 1000) }).where('to_address', '=', to).execute();
      await runOutboxTick(ctx.app.db, transport, 'a@flotilla.test');
    }
    row = await rowFor(to);
    expect(row?.attempts).toBe(MAX_ATTEMPTS);
    expect(row?.failed_at).not.toBeNull();
  });

  it('backs off 1, 2, 4, 8 minutes', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
  });

  it('does nothing while another replica holds the advisory lock', async () => {
    const to = uniqueEmail('locked');
    await enqueueEmail(ctx.app.db, { to, subject: 'Wait', text: 'x', kind: 'test' });
    await ctx.app.db.connection().execute(async (conn) => {
      const { sql } = await import('kysely');
      await sql`SELECT pg_advisory_lock(${ADVISORY_LOCK_KEYS.outbox})`.execute(conn);
      try {
        // PostgreSQL: the tick runs on another pooled session and finds the lock taken. PGlite has a
        // single session (the one holding the lock), where the lock is re-entrant and the tick runs.
        const result = await runOutboxTick(ctx.database.kind === 'postgres' ? ctx.app.db : conn, transport, 'a@flotilla.test');
        if (ctx.database.kind === 'postgres') {
          expect(result).toEqual({ ran: false, sent: 0, failed: 0 });
          expect((await rowFor(to))?.sent_at).toBeNull();
        } else {
          expect(result).toEqual({ ran: true, sent: 1, failed: 0 });
        }
      } finally {
        await sql`SELECT pg_advisory_unlock(${ADVISORY_LOCK_KEYS.outbox})`.execute(conn);
      }
    });
  });

  it('the job started with SMTP_URL sends in the background; without it, mail stays in the table', async () => {
    const to = uniqueEmail('job');
    await enqueueEmail(ctx.app.db, { to, subject: 'Background', text: 'x', kind: 'test' });
    const idle = startOutboxJob(ctx.app.db, { ...ctx.app.config, smtpUrl: undefined }, { intervalMs: 10 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await idle();
    expect((await rowFor(to))?.attempts).toBe(0);
    const stop = startOutboxJob(ctx.app.db, { ...ctx.app.config, smtpUrl: smtp.url }, { intervalMs: 20 });
    try {
      await expect.poll(() => smtp.received.some((m) => m.to.includes(to)), { timeout: 5000 }).toBe(true);
    } finally {
      await stop();
    }
  });
});
