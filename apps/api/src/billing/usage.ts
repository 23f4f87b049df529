import type { BillingUsageResponse, UsageCharge } from '@flotilla/core/schemas/billing';
import { FREE_PLAN_CODE, MEMBER_COST_ORDER, MEMBER_PRICES, chargeableSeats, dynamicDeviceUnitCents, type SeatRole } from '@flotilla/core/billing/prices';
import type { Db } from '../db/database.ts';
import { countDevices, countMembersBySeatRole, listPlanFeatures, type PlanRow } from './billing.repository.ts';

/**
 * Usage of an organization (accounts §3 "Billing usage", §9): members by effective seat role,
 * active devices, device overage past the plan's included devices, and this period's dynamic
 * charges (seats beyond the plan's included `member:any` seats, consumed from the most
 * privileged role down, and extra devices at the dynamic unit price less the discount).
 * Peak usage over the billing period is added by getUsage (plan-info.ts, usage-peaks.ts).
 */
const SEAT_TITLES: Record<SeatRole, string> = {
  administrator: 'Administrator seats',
  developer: 'Developer seats',
  'safe-developer': 'Limited developer seats',
  operator: 'Operator seats',
  'safe-operator': 'Limited operator seats',
  observer: 'Observer seats',
  member: 'Member seats',
};

export async function computeUsage(db: Db, organizationId: number, plan: PlanRow, discountPercentage: number): Promise<Omit<BillingUsageResponse, 'creditConsumption' | 'peakUsage'>> {
  const [devices, roles, features] = await Promise.all([countDevices(db, organizationId), countMembersBySeatRole(db, organizationId), listPlanFeatures(db, [plan.id])]);
  const counts: Partial<Record<SeatRole, number>> = {};
  const currentUsage: Record<string, number> = {};
  for (const role of MEMBER_COST_ORDER) {
    counts[role] = roles[role] ?? 0;
    currentUsage[`member:${role}`] = counts[role];
  }
  currentUsage['device:any'] = devices.active;
  const overDevices = Math.max(0, devices.active - plan.included_devices);
  const charges: UsageCharge[] = [];
  // The free plan is not billed: devices past its allowance are frozen instead (accounts §1).
  if (plan.billing_code !== FREE_PLAN_CODE) {
    const includedSeats = features.find((f) => f.slug === 'member:any')?.quantity ?? 0;
    const seats = chargeableSeats(counts, includedSeats);
    for (const role of MEMBER_COST_ORDER) {
      const unit = MEMBER_PRICES[role];
      if (seats[role] > 0 && unit > 0) charges.push({ code: `member:${role}`, title: SEAT_TITLES[role], quantity: seats[role], unitCents: unit, totalCents: unit * seats[role] });
    }
    if (overDevices > 0) {
      const unit = dynamicDeviceUnitCents(discountPercentage);
      charges.push({ code: 'device:any', title: 'Additional devices', quantity: overDevices, unitCents: unit, totalCents: unit * overDevices });
    }
  }
  return { currentUsage, overage: { 'device:any': overDevices }, charges };
}

/**
 * Credits the renewal of the period running now consumed, by feature (credit-consumption.ts):
 * the consumption recorded on the invoice whose period contains `now`.
 */
export async function periodCreditConsumption(db: Db, organizationId: number, now = new Date()): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('credit_consumption as c')
    .innerJoin('invoice as i', 'i.id', 'c.invoice')
    .innerJoin('feature as f', 'f.id', 'c.is_for__feature')
    .select(['f.slug', (eb) => eb.fn.sum<string>('c.quantity').as('quantity')])
    .where('c.organization', '=', organizationId)
    .where('i.period_start', '<=', now)
    .where('i.period_end', '>', now)
    .groupBy('f.slug')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.slug, Number(r.quantity)]));
}
