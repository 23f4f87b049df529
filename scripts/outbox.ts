/**
 * `npm run outbox [-- --to <email>] [-- --limit <n>]`: prints the newest emails of the outbox,
 * so every email flow (verification, password reset, email change) can be completed in
 * development without a mail server. Reads the same database as `npm start`
 * (DATABASE_URL, else the PGlite data in DATA_DIR or ./data); stop the server first when
 * using PGlite, which one process holds at a time.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Command } from 'commander';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { listLatestEmails } from '../apps/api/src/email/outbox.repository.ts';

const program = new Command()
  .name('outbox')
  .description('Print the latest emails of the Flotilla outbox')
  .option('--to <email>', 'only emails to this address')
  .option('--limit <n>', 'how many', '5')
  .parse();
const opts = program.opts<{ to?: string; limit: string }>();

const dataDir = resolve(process.env.DATA_DIR ?? 'data');
if (!process.env.DATABASE_URL) mkdirSync(dataDir, { recursive: true });
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATABASE_URL ? undefined : join(dataDir, 'pglite'),
});
try {
  const rows = await listLatestEmails(database.db, { to: opts.to, limit: Number(opts.limit) || 5 });
  if (rows.length === 0) console.log('The outbox is empty.');
  for (const row of rows.reverse()) {
    const state = row.sent_at ? 'sent' : row.failed_at ? `failed: ${row.last_error ?? ''}` : 'pending';
    console.log(`#${row.id} ${new Date(row.created_at).toISOString()} [${row.kind}] ${state}`);
    console.log(`To: ${row.to_address}\nSubject: ${row.subject}\n\n${row.text_body}\n${'-'.repeat(60)}`);
  }
} finally {
  await database.close();
}
