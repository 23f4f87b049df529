import { sql } from 'kysely';
import { CREDIT_FEATURE_SLUG } from '@flotilla/core/billing/credits';
import type { Db } from '../db/database.ts';
import { enqueueEmail } from '../email/outbox.repository.ts';
import { lowCreditEmail } from './credit-emails.ts';

/**
 * Prepaid credits paying for a renewal (accounts spec §9 "Credits: one device-month each",
 * §4 "Credit bundle payment_status: paid, complimentary, manually invoiced (count toward
 * balance)"). In the renewal's transaction (renewal.service.ts), before its invoice is
 * written: the additional devices of the period are paid with credits first, whole devices
 * only (a device for an n-month period takes n credits), from the bundles that expire first;
 * what credits do not cover stays on the invoice at its price. A notification threshold the
 * balance falls below mails the organization's administrators once, at that crossing.
 */

/** The payment states whose credits count toward the balance (accounts §4). */
const COUNTED_STATES = ['paid', 'complimentary', 'manually invoiced'];

export interface CreditedLine {
  description: string;
  featureSlug: string | null;
  quantity: number;
  unitCents: number;
}

export interface CreditApplication {
  lines: CreditedLine[];
  consumed: number;
  balanceBefore: number;
  balanceAfter: number;
}

const creditFeatureId = sql<number>`(SELECT id FROM feature WHERE slug = ${CREDIT_FEATURE_SLUG})`;

/** Pays the lines' additional devices with credits where the balance allows; locks the bundles it reads. */
export async function applyCredits(tx: Db, organizationId: number, lines: CreditedLine[], months: number, now: Date): Promise<CreditApplication> {
  const bundles = await tx
    .selectFrom('credit_bundle')
    .select(['id', 'total_balance'])
    .where('belongs_to__organization', '=', organizationId)
    .where('is_for__feature', '=', creditFeatureId)
    .where('payment_status', 'in', COUNTED_STATES)
    .where('expires_on__date', '>', now)
    .where('total_balance', '>', 0)
    .orderBy('expires_on__date')
    .orderBy('id')
    .forUpdate()
    .execute();
  const balanceBefore = bundles.reduce((sum, b) => sum + b.total_balance, 0);
  const devices = lines.find((l) => l.featureSlug === CREDIT_FEATURE_SLUG && l.unitCents > 0);
  const covered = devices ? Math.min(devices.quantity, Math.floor(balanceBefore / months)) : 0;
  if (!devices || covered === 0) return { lines, consumed: 0, balanceBefore, balanceAfter: balanceBefore };
  const consumed = covered * months;
  let left = consumed;
  for (const bundle of bundles) {
    if (left === 0) break;
    const take = Math.min(bundle.total_balance, left);
    await tx.updateTable('credit_bundle').set({ total_balance: sql<number>`total_balance - ${take}` }).where('id', '=', bundle.id).execute();
    left -= take;
  }
  const paidWithCredits: CreditedLine = { description: `${devices.description}, paid with ${consumed} prepaid credits`, featureSlug: CREDIT_FEATURE_SLUG, quantity: covered, unitCents: 0 };
  const rest = devices.quantity - covered;
  return {
    lines: lines.flatMap((l) => (l === devices ? [...(rest > 0 ? [{ ...l, quantity: rest }] : []), paidWithCredits] : [l])),
    consumed,
    balanceBefore,
    balanceAfter: balanceBefore - consumed,
  };
}

/** Records what a renewal consumed and mails the administrators of each threshold the balance fell below. */
export async function recordConsumption(tx: Db, organizationId: number, application: CreditApplication, invoiceId: number, dashboardUrl: string | undefined): Promise<void> {
  if (application.consumed === 0) return;
  await tx.insertInto('credit_consumption').values({ organization: organizationId, is_for__feature: creditFeatureId, quantity: application.consumed, invoice: invoiceId }).execute();
  const crossed = await tx
    .selectFrom('organization_credit_notification')
    .select((eb) => eb.fn.max('is_sent_when_below__threshold').as('threshold'))
    .where('organization', '=', organizationId)
    .where('owns_credit_notification_for__feature', '=', creditFeatureId)
    .where('is_sent_when_below__threshold', '<=', application.balanceBefore)
    .where('is_sent_when_below__threshold', '>', application.balanceAfter)
    .executeTakeFirst();
  if (crossed?.threshold === null || crossed?.threshold === undefined) return;
  const organization = await tx.selectFrom('organization').select('name').where('id', '=', organizationId).executeTakeFirstOrThrow();
  const recipients = await tx
    .selectFrom('user_organization_role as r')
    .innerJoin('user as u', 'u.id', 'r.user_id')
    .select('u.email')
    .distinct()
    .where('r.organization_id', '=', organizationId)
    .where('r.role_name', '=', 'administrator')
    .where('u.email', 'is not', null)
    // An address nobody proved is not written to.
    .where('u.is_verified', '=', true)
    .execute();
  const link = dashboardUrl ? `${dashboardUrl.replace(/\/$/, '')}/orgs/${organizationId}/credits` : undefined;
  const content = lowCreditEmail(organization.name, Number(crossed.threshold), application.balanceAfter, link);
  for (const r of recipients) await enqueueEmail(tx, { to: r.email!, kind: 'low-credits', ...content });
}
