import type { Db } from '../../apps/api/src/db/database.ts';

/**
 * Puts an organization on a paid plan (an active subscription to `pilot-v2`), for workloads that
 * register more devices than the free plan's allowance through the API: on the free plan those
 * past the tenth are provisioned frozen, and a frozen device is not served (polls 304 without a
 * body, reports and writes 401; apps/api/src/devices/device-frozen.ts), which is not the path a
 * workload measures.
 */
export async function putOnPaidPlan(db: Db, organizationId: number): Promise<void> {
  const plan = await db.selectFrom('plan').select('id').where('billing_code', '=', 'pilot-v2').executeTakeFirstOrThrow();
  await db.insertInto('subscription').values({ is_for__organization: organizationId, is_for__plan: plan.id, is_active: true }).execute();
}
