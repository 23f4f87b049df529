import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { effectiveSeatRole } from '../model/resources/organizations.ts';

/**
 * Peak usage (accounts spec §3 "Billing usage … peakUsage", §7 GET …/usage): the most an
 * organization used of each usage key in its billing period. Each UTC day keeps its highest
 * count per key (migration 0116 `usage_daily_peak`), raised by the hourly billing run for every
 * organization and by every usage read for the one read, so a period's peak is the largest of
 * its days and of what is counted now. A rise and fall between two samples is not seen: an
 * hour at most, as the renewal job's own resolution. Days are whole: the day a period starts
 * on counts whole for it (a peak earlier that day shows in the new period too).
 */

/** Days kept: the longest period (annual) and a month's margin. */
const KEEP_DAYS = 400;

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** Raises today's peaks of every organization to what it counts now (the hourly billing run). */
export async function sampleUsagePeaks(db: Db, now: Date): Promise<void> {
  const day = utcDay(now);
  await sql`
    INSERT INTO usage_daily_peak (organization, day, usage_key, peak)
    SELECT a.organization, ${day}::date, 'device:any', count(*)::int
      FROM device d JOIN application a ON a.id = d.belongs_to__application
     WHERE d.is_active
     GROUP BY a.organization
    UNION ALL
    SELECT r.organization, ${day}::date, 'member:' || coalesce(r.role, 'member'), count(*)::int
      FROM (SELECT m.is_member_of__organization AS organization, ${effectiveSeatRole('m')} AS role FROM organization_membership m) r
     GROUP BY r.organization, r.role
     -- Rows in key order, as a usage read writes them: the two never wait on each other crosswise.
     ORDER BY 1, 3
    ON CONFLICT (organization, day, usage_key) DO UPDATE SET peak = EXCLUDED.peak
      WHERE usage_daily_peak.peak < EXCLUDED.peak`.execute(db);
  // Days fall out of the window a day at a time: pruned in the first run of each UTC day.
  if (now.getUTCHours() === 0) await db.deleteFrom('usage_daily_peak').where('day', '<', sql<Date>`${day}::date - ${KEEP_DAYS}::int`).execute();
}

/**
 * Records `current` as one of today's counts and answers the peak of each of its keys since
 * `periodStart`: never below what is counted now.
 */
export async function recordAndReadPeaks(db: Db, organizationId: number, current: Record<string, number>, periodStart: Date, now: Date): Promise<Record<string, number>> {
  // In key order, as the hourly sample writes them (no crosswise waits); only a higher count is written.
  const entries = Object.entries(current).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (entries.length === 0) return {};
  const day = utcDay(now);
  await db
    .insertInto('usage_daily_peak')
    .values(entries.map(([usage_key, peak]) => ({ organization: organizationId, day, usage_key, peak })))
    .onConflict((oc) =>
      oc
        .columns(['organization', 'day', 'usage_key'])
        .doUpdateSet({ peak: sql`excluded.peak` })
        .where('usage_daily_peak.peak', '<', sql<number>`excluded.peak`),
    )
    .execute();
  const rows = await db
    .selectFrom('usage_daily_peak')
    .select(['usage_key', (eb) => eb.fn.max('peak').as('peak')])
    .where('organization', '=', organizationId)
    .where('day', '>=', utcDay(periodStart) as never)
    .where('usage_key', 'in', entries.map(([key]) => key))
    .groupBy('usage_key')
    .execute();
  const peaks: Record<string, number> = { ...current };
  for (const r of rows) peaks[r.usage_key] = Math.max(peaks[r.usage_key] ?? 0, Number(r.peak));
  return peaks;
}
