import { z } from 'zod';
import { BILLING_INFO_TYPES } from '@flotilla/core/schemas/billing';
import { CARD_BRANDS, CARD_DECLINED_MESSAGE } from '@flotilla/core/billing/test-cards';
import type { Db } from '../../db/database.ts';
import { randomToken } from './secrets.ts';
import type { ChargeRequest, ChargeResult, CreatedSetupIntent, PaymentProvider, SavedPaymentMethod } from './provider.ts';

/**
 * The embedded test processor (PAYMENT_PROVIDER=local, the default). Its "vault" is the
 * setup_intent row itself: confirming an intent (local-processor.service.ts, the browser's
 * stand-in for Stripe.js) stores the method's details and whether charges against it succeed
 * (core/billing/test-cards.ts), and a charge reads them back by the method's token. Each charge
 * is recorded under its idempotency key (local_payment_charge): a repeated key answers the first
 * outcome and charges nothing, as Stripe does, so tests can count what was really charged.
 */

/** What the confirm step stores in setup_intent.payment_method. */
export const storedMethod = z.object({
  type: z.enum(BILLING_INFO_TYPES),
  card_type: z.enum(CARD_BRANDS).nullable(),
  first_one: z.string().nullable(),
  last_four: z.string().nullable(),
  month: z.number().int().nullable(),
  year: z.number().int().nullable(),
  routing_number: z.string().nullable(),
  chargeSucceeds: z.boolean(),
  chargeMessage: z.string().nullable(),
});
export type StoredMethod = z.output<typeof storedMethod>;

export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;

  async createSetupIntent(): Promise<CreatedSetupIntent> {
    const providerId = `seti_${randomToken(18).replace(/[^A-Za-z0-9]/g, '')}`;
    return { providerId, clientSecret: `${providerId}_secret_${randomToken(32)}` };
  }

  async savedMethod(db: Db, providerId: string): Promise<SavedPaymentMethod | null> {
    const row = await db
      .selectFrom('setup_intent')
      .select(['payment_method', 'payment_method_token'])
      .where('provider_id', '=', providerId)
      .where('status', '=', 'succeeded')
      .executeTakeFirst();
    const parsed = storedMethod.safeParse(row?.payment_method);
    if (!row?.payment_method_token || !parsed.success) return null;
    const m = parsed.data;
    return { token: row.payment_method_token, type: m.type, card_type: m.card_type, first_one: m.first_one, last_four: m.last_four, month: m.month, year: m.year, routing_number: m.routing_number, company: null };
  }

  async charge(db: Db, request: ChargeRequest): Promise<ChargeResult> {
    if (request.amountCents <= 0) return { ok: true, reference: `ch_${randomToken(12)}` };
    const prior = await findCharge(db, request.idempotencyKey);
    if (prior) return prior;
    const row = await db
      .selectFrom('setup_intent')
      .select('payment_method')
      .where('payment_method_token', '=', request.paymentMethodToken)
      .where('status', '=', 'succeeded')
      .executeTakeFirst();
    const parsed = storedMethod.safeParse(row?.payment_method);
    const result: ChargeResult = !parsed.success
      ? { ok: false, message: CARD_DECLINED_MESSAGE }
      : !parsed.data.chargeSucceeds
        ? { ok: false, message: parsed.data.chargeMessage ?? CARD_DECLINED_MESSAGE }
        : { ok: true, reference: `ch_${randomToken(12)}` };
    const inserted = await db
      .insertInto('local_payment_charge')
      .values({
        idempotency_key: request.idempotencyKey,
        organization: request.organizationId,
        amount_in_cents: request.amountCents,
        succeeded: result.ok,
        reference: result.ok ? result.reference : null,
        message: result.ok ? null : result.message,
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('idempotency_key')
      .executeTakeFirst();
    // A concurrent charge with the same key recorded first: its outcome is the one.
    return inserted ? result : ((await findCharge(db, request.idempotencyKey)) ?? result);
  }
}

async function findCharge(db: Db, key: string): Promise<ChargeResult | null> {
  const row = await db.selectFrom('local_payment_charge').select(['succeeded', 'reference', 'message']).where('idempotency_key', '=', key).executeTakeFirst();
  if (!row) return null;
  return row.succeeded ? { ok: true, reference: row.reference ?? '' } : { ok: false, message: row.message ?? CARD_DECLINED_MESSAGE };
}
