import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { BillingAccount, BillingInfo, Plan } from '../db/schema.generated.ts';
import { effectiveSeatRole } from '../model/resources/organizations.ts';

/** Queries of the billing engine; rules are in the services. */

export type PlanRow = Selectable<Plan>;
export type BillingAccountRow = Selectable<BillingAccount>;
export type BillingInfoRow = Selectable<BillingInfo>;

// ---- account info --------------------------------------------------------------------------

export function findAccount(db: Db, organizationId: number): Promise<BillingAccountRow | undefined> {
  return db.selectFrom('billing_account').selectAll().where('organization', '=', organizationId).executeTakeFirst();
}

export async function upsertAccount(db: Db, organizationId: number, values: Omit<Updateable<BillingAccount>, 'id' | 'organization'>): Promise<BillingAccountRow> {
  return db
    .insertInto('billing_account')
    .values({ organization: organizationId, ...values } as Insertable<BillingAccount>)
    .onConflict((oc) => oc.column('organization').doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
}

// ---- payment method ------------------------------------------------------------------------

export function findBillingInfo(db: Db, organizationId: number): Promise<BillingInfoRow | undefined> {
  return db.selectFrom('billing_info').selectAll().where('organization', '=', organizationId).executeTakeFirst();
}

export async function upsertBillingInfo(db: Db, organizationId: number, values: Omit<Insertable<BillingInfo>, 'id' | 'organization' | 'created_at'>): Promise<BillingInfoRow> {
  return db
    .insertInto('billing_info')
    .values({ organization: organizationId, ...values })
    .onConflict((oc) => oc.column('organization').doUpdateSet({ ...values, created_at: sql`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteBillingInfo(db: Db, organizationId: number): Promise<void> {
  await db.deleteFrom('billing_info').where('organization', '=', organizationId).execute();
}

// ---- setup intents -------------------------------------------------------------------------

export async function insertSetupIntent(db: Db, organizationId: number, providerId: string, clientSecretDigest: string): Promise<void> {
  await db.insertInto('setup_intent').values({ organization: organizationId, provider_id: providerId, client_secret: clientSecretDigest, status: 'requires_payment_method' }).execute();
}

/** The intent of this organization with this id (never another organization's). */
export function findOrgSetupIntent(db: Db, organizationId: number, providerId: string) {
  return db.selectFrom('setup_intent').select(['id', 'status']).where('provider_id', '=', providerId).where('organization', '=', organizationId).executeTakeFirst();
}

export function findSetupIntentForConfirm(db: Db, providerId: string) {
  return db.selectFrom('setup_intent').select(['id', 'client_secret', 'status']).where('provider_id', '=', providerId).executeTakeFirst();
}

export async function recordSetupIntentOutcome(
  db: Db,
  id: number,
  outcome: { status: 'succeeded'; paymentMethod: unknown; token: string } | { status: 'requires_payment_method' },
): Promise<boolean> {
  const update =
    outcome.status === 'succeeded'
      ? { status: 'succeeded', payment_method: JSON.stringify(outcome.paymentMethod), payment_method_token: outcome.token, confirmed_at: sql<Date>`now()` }
      : { status: 'requires_payment_method' };
  // Only an intent not yet succeeded changes: two racing confirmations cannot both save a method.
  const res = await db.updateTable('setup_intent').set(update).where('id', '=', id).where('status', '<>', 'succeeded').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Records that the provider reports the intent succeeded with this method (Stripe intents are confirmed in the browser). */
export async function markSetupIntentSucceeded(db: Db, id: number, token: string): Promise<void> {
  await db.updateTable('setup_intent').set({ status: 'succeeded', payment_method_token: token }).where('id', '=', id).execute();
}

// ---- plans and subscriptions ---------------------------------------------------------------

export function findPlanByCode(db: Db, billingCode: string): Promise<PlanRow | undefined> {
  return db.selectFrom('plan').selectAll().where('billing_code', '=', billingCode).executeTakeFirst();
}

/** Plans offered for selection: not legacy, not the custom contract, valid now; by monthly price. */
export function listSelectablePlans(db: Db): Promise<PlanRow[]> {
  return db
    .selectFrom('plan')
    .selectAll()
    .where('is_legacy', '=', false)
    .where('billing_code', '<>', 'custom')
    .where((eb) => eb.or([eb('is_valid_from__date', 'is', null), eb('is_valid_from__date', '<=', sql<Date>`now()`)]))
    .where((eb) => eb.or([eb('is_valid_until__date', 'is', null), eb('is_valid_until__date', '>', sql<Date>`now()`)]))
    .orderBy('monthly_price')
    .orderBy('tier_order')
    .execute();
}

export function listPlanFeatures(db: Db, planIds: number[]) {
  if (planIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('plan_feature as pf')
    .innerJoin('feature as f', 'f.id', 'pf.feature')
    .select(['pf.plan', 'f.slug', 'f.title', 'pf.quantity'])
    .where('pf.plan', 'in', planIds)
    .orderBy('pf.plan')
    .orderBy('f.slug')
    .execute();
}

export function findPlanSupportTier(db: Db, planId: number) {
  return db
    .selectFrom('plan_feature as pf')
    .innerJoin('support_feature as sf', 'sf.feature', 'pf.feature')
    .innerJoin('support_tier as st', 'st.id', 'sf.support_tier')
    .select(['st.slug', 'st.title', 'st.includes_private_support', 'st.includes__SLA'])
    .where('pf.plan', '=', planId)
    .orderBy('st.includes__SLA', 'desc')
    .orderBy('st.includes_private_support', 'desc')
    .executeTakeFirst();
}

export function findSupportTier(db: Db, slug: string) {
  return db.selectFrom('support_tier').select(['slug', 'title', 'includes_private_support', 'includes__SLA']).where('slug', '=', slug).executeTakeFirst();
}

/** The plan's add-ons with the quantity prepaid on the subscription (0 when none). */
export function listPlanAddOns(db: Db, planId: number, subscriptionId: number | null) {
  return db
    .selectFrom('plan_addon as pa')
    .innerJoin('feature as f', 'f.id', 'pa.feature')
    .select([
      'f.slug as feature_slug',
      'f.title',
      'pa.base_price',
      'pa.bills_dynamically',
      'pa.can_self_serve',
      sql<number>`coalesce((SELECT sum(spa.quantity)::int FROM subscription_prepaid_addon spa
        WHERE spa.is_for__subscription = ${subscriptionId} AND spa.feature = pa.feature
          AND (spa.expires_on__date IS NULL OR spa.expires_on__date > now())), 0)`.as('quantity'),
    ])
    .where('pa.plan', '=', planId)
    .orderBy('f.slug')
    .execute();
}

export function findActiveSubscription(db: Db, organizationId: number) {
  return db
    .selectFrom('subscription as s')
    .innerJoin('plan as p', 'p.id', 's.is_for__plan')
    .select(['s.id as subscription_id', 's.billing_cycle', 's.starts_on__date', 's.discount_percentage', 'p.id as plan_id'])
    .where('s.is_for__organization', '=', organizationId)
    .where('s.is_active', '=', true)
    .executeTakeFirst();
}

export function findPlanById(db: Db, planId: number): Promise<PlanRow> {
  return db.selectFrom('plan').selectAll().where('id', '=', planId).executeTakeFirstOrThrow();
}

/** Holds the organization's row until the transaction ends: plan changes of one organization run one at a time. */
export async function lockOrganization(db: Db, organizationId: number): Promise<void> {
  await sql`SELECT id FROM organization WHERE id = ${organizationId} FOR UPDATE`.execute(db);
}

/** `periodEnd`: the end of the period the change paid for (renewals bill from there); null on a free plan. */
export async function replaceActiveSubscription(db: Db, organizationId: number, next: { planId: number; cycle: string; reason: string | null; startsOn?: Date; periodEnd?: Date | null }): Promise<void> {
  await db
    .updateTable('subscription')
    .set({ is_active: false, ends_on__date: sql<Date>`now()` })
    .where('is_for__organization', '=', organizationId)
    .where('is_active', '=', true)
    .execute();
  await db
    .insertInto('subscription')
    .values({
      is_for__organization: organizationId,
      is_for__plan: next.planId,
      billing_cycle: next.cycle,
      origin: 'billing',
      plan_change_reason: next.reason,
      ...(next.startsOn ? { starts_on__date: next.startsOn } : {}),
      current_period_end: next.periodEnd ?? null,
    })
    .execute();
}

// ---- usage ---------------------------------------------------------------------------------

export async function countDevices(db: Db, organizationId: number): Promise<{ active: number; frozen: number }> {
  const row = await sql<{ active: number; frozen: number }>`
    SELECT count(*) FILTER (WHERE d.is_active)::int AS active,
           count(*) FILTER (WHERE d.is_active AND d.is_frozen)::int AS frozen
      FROM device d JOIN application a ON a.id = d.belongs_to__application
     WHERE a.organization = ${organizationId}`.execute(db);
  return row.rows[0] ?? { active: 0, frozen: 0 };
}

/** Members by effective seat role (the most privileged role each holds, organization_membership.effective_seat_role). */
export async function countMembersBySeatRole(db: Db, organizationId: number): Promise<Record<string, number>> {
  const rows = await sql<{ role: string | null; n: number }>`
    SELECT r.role, count(*)::int AS n FROM (
      SELECT ${effectiveSeatRole('m')} AS role FROM organization_membership m WHERE m.is_member_of__organization = ${organizationId}
    ) r GROUP BY r.role`.execute(db);
  return Object.fromEntries(rows.rows.map((r) => [r.role ?? 'member', r.n]));
}

// ---- invoices ------------------------------------------------------------------------------

export interface NewInvoice {
  organizationId: number;
  state: 'paid' | 'failed' | 'open' | 'draft' | 'processing' | 'past_due';
  description: string;
  totalCents: number;
  periodStart: Date;
  periodEnd: Date;
  failureMessage: string | null;
  lines: { description: string; featureSlug: string | null; quantity: number; unitCents: number }[];
  /** A renewal's subscription (one invoice per subscription period). */
  subscriptionId?: number;
  /** Charge attempts already made (1 when the caller charges it next: the attempt is committed first). */
  attemptCount?: number;
  lastAttemptAt?: Date;
  /** The method the first attempt charges (committed with the invoice, before the charge). */
  paymentMethodToken?: string | null;
  /** What a plan change invoice applies once paid (plan-change.service.ts). */
  planChange?: PlanChangeTarget;
  /** The credit purchase this invoice charges (credits.service.ts); its outcome settles the bundle. */
  creditBundleId?: number;
  /** When it is paid (a charge the caller already made or a zero total); default now for `paid`. */
  paidOn?: Date;
}

/** The change a plan change invoice pays for. */
export interface PlanChangeTarget {
  planId: number;
  cycle: 'monthly' | 'annual';
  reason: string | null;
}

/** A numbered invoice with its lines (numbers from invoice_number_seq: FLT-000001, …). */
export async function insertInvoice(db: Db, input: NewInvoice): Promise<{ id: number; invoice_number: string }> {
  const invoice = await db
    .insertInto('invoice')
    .values({
      uuid: sql<string>`md5(random()::text || clock_timestamp()::text)`,
      organization: input.organizationId,
      invoice_number: sql<string>`'FLT-' || lpad(nextval('invoice_number_seq')::text, 6, '0')`,
      state: input.state,
      due_on: input.periodStart,
      paid_on: input.state === 'paid' ? (input.paidOn ?? sql<Date>`now()`) : null,
      period_start: input.periodStart,
      period_end: input.periodEnd,
      total_in_cents: input.totalCents,
      description: input.description,
      failure_message: input.failureMessage,
      subscription: input.subscriptionId ?? null,
      attempt_count: input.attemptCount ?? 0,
      last_attempt_at: input.lastAttemptAt ?? null,
      payment_method_token: input.paymentMethodToken ?? null,
      plan_change: input.planChange ? JSON.stringify(input.planChange) : null,
      credit_bundle: input.creditBundleId ?? null,
    })
    .returning(['id', 'invoice_number'])
    .executeTakeFirstOrThrow();
  if (input.lines.length > 0) {
    await db
      .insertInto('invoice_line')
      .values(
        input.lines.map((l) => ({
          invoice: invoice.id,
          description: l.description,
          feature_slug: l.featureSlug,
          quantity: l.quantity,
          unit_amount_in_cents: l.unitCents,
          amount_in_cents: l.unitCents * l.quantity,
        })),
      )
      .execute();
  }
  return invoice;
}

export function listInvoices(db: Db, organizationId: number) {
  return db
    .selectFrom('invoice')
    .select(['uuid', 'created_at', 'total_in_cents', 'state', 'due_on', 'invoice_number'])
    .where('organization', '=', organizationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The organization's invoice with this number (another organization's is not found). */
export function findOrgInvoice(db: Db, organizationId: number, invoiceNumber: string) {
  return db.selectFrom('invoice').selectAll().where('organization', '=', organizationId).where('invoice_number', '=', invoiceNumber).executeTakeFirst();
}

export function listInvoiceLines(db: Db, invoiceId: number) {
  return db.selectFrom('invoice_line').selectAll().where('invoice', '=', invoiceId).orderBy('id').execute();
}

export function findOrganizationName(db: Db, organizationId: number) {
  return db.selectFrom('organization').select(['name', 'handle']).where('id', '=', organizationId).executeTakeFirst();
}
