// Background jobs report their failures to the server's log instead of dropping them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, createTestApp, type TestContext } from '../test/harness.ts';
import { defaultConfig } from '../lib/config.ts';
import { startHeartbeatJob } from './heartbeat.ts';
import type { JobLogger } from './periodic.ts';
import { enqueueEmail } from '../email/outbox.repository.ts';
import { MAX_ATTEMPTS, runOutboxTick, type MailTransport } from '../email/outbox-sender.ts';
import { uniqueEmail } from '../auth/test-helpers.ts';

interface Line {
  level: string;
  obj: Record<string, unknown>;
  msg: string;
}

function collectingLogger(): { log: JobLogger; lines: Line[] } {
  const lines: Line[] = [];
  const at = (level: string) => (obj: object, msg: string) => void lines.push({ level, obj: obj as Record<string, unknown>, msg });
  return { log: { error: at('error'), warn: at('warn'), info: at('info') }, lines };
}

describe('heartbeat job', () => {
  it('logs a failing tick at error with its cause instead of dropping it', async () => {
    const { database, drop } = await openTestDatabase();
    await drop(); // the database is gone: every tick fails
    const { log, lines } = collectingLogger();
    const stop = startHeartbeatJob(database.db, defaultConfig(), { intervalMs: 10, log });
    for (let i = 0; i < 1000 && lines.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    await stop();
    expect(lines.length).toBeGreaterThanOrEqual(2); // it keeps trying
    expect(lines[0]).toMatchObject({ level: 'error', msg: 'heartbeat job failed', obj: { job: 'heartbeat' } });
    expect(lines[0]?.obj.err).toBeInstanceOf(Error);
  });
});

describe('outbox sender', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('logs each failed delivery with the row and reason, never the recipient; giving up is an error', async () => {
    const to = uniqueEmail('unreachable');
    const id = await enqueueEmail(ctx.app.db, { to, subject: 'Verify', text: 'secret link https://x/verify?token=abc', kind: 'verify-email' });
    const failing: MailTransport = {
      sendMail: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25')),
      close: () => undefined,
    };
    const { log, lines } = collectingLogger();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      // Make the row due again (the back-off would otherwise wait minutes).
      await ctx.app.db.updateTable('email_outbox').set({ next_attempt_at: new Date(0).toISOString() }).where('id', '=', id).execute();
      await runOutboxTick(ctx.app.db, failing, 'Flotilla <no-reply@localhost>', log);
    }
    const mine = lines.filter((l) => l.obj.emailId === id);
    expect(mine.map((l) => l.level)).toEqual([...Array(MAX_ATTEMPTS - 1).fill('warn'), 'error']);
    expect(mine[0]).toMatchObject({ msg: 'email delivery failed; will retry', obj: { job: 'outbox', attempts: 1, reason: 'connect ECONNREFUSED 127.0.0.1:25' } });
    expect(mine.at(-1)).toMatchObject({ msg: 'email delivery failed; giving up', obj: { attempts: MAX_ATTEMPTS } });
    const text = JSON.stringify(mine);
    expect(text).not.toContain(to);
    expect(text).not.toContain('token=abc');
  });
});
