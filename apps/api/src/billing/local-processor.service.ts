import type { LocalConfirmBody, LocalConfirmResponse } from '@flotilla/core/schemas/billing';
import { confirmTestPaymentMethod } from '@flotilla/core/billing/test-cards';
import type { Db } from '../db/database.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { claimAttempt, type Limit } from '../auth/attempt-limits.ts';
import { addressKey } from '../auth/client-address.ts';
import { BILLING_MESSAGES } from './billing-messages.ts';
import { findSetupIntentForConfirm, recordSetupIntentOutcome } from './billing.repository.ts';
import { matchesDigest, randomToken } from './payment/secrets.ts';
import type { StoredMethod } from './payment/local-provider.ts';

/**
 * The local test processor's confirm step (the browser's stand-in for Stripe.js
 * `confirmSetup`): no session, the intent's client_secret is the credential, compared in
 * constant time against its stored SHA-256. Rate limited per client address and per intent,
 * since every call is a guess at a secret or a card number. Card numbers are never stored or
 * logged: only brand, first digit, last four and expiry.
 */
const WINDOW_MS = 15 * 60 * 1000;
export const CONFIRM_LIMITS = { perAddress: 30, perIntent: 10 } as const;

export const confirmLimits = (ip: string, intentId: string): Limit[] => [
  { bucket: `billing-confirm:${addressKey(ip)}`, max: CONFIRM_LIMITS.perAddress, windowMs: WINDOW_MS },
  { bucket: `billing-confirm-intent:${intentId}`, max: CONFIRM_LIMITS.perIntent, windowMs: WINDOW_MS },
];

export interface ConfirmReply {
  status: 200 | 402;
  body: LocalConfirmResponse;
}

export async function confirmLocalSetupIntent(db: Db, ip: string, intentId: string, body: LocalConfirmBody, now = new Date()): Promise<ConfirmReply> {
  await claimAttempt(db, confirmLimits(ip, intentId), now);
  const intent = await findSetupIntentForConfirm(db, intentId);
  // One answer for an unknown intent and a wrong secret.
  if (!intent || !matchesDigest(body.client_secret, intent.client_secret)) throw notFound(BILLING_MESSAGES.setupIntentNotFound, 'setup_intent_not_found');
  if (intent.status === 'succeeded') throw badRequest(BILLING_MESSAGES.setupIntentSucceeded, 'setup_intent_unexpected_state');
  const outcome = confirmTestPaymentMethod(body.method, now);
  if (!outcome.ok) {
    await recordSetupIntentOutcome(db, intent.id, { status: 'requires_payment_method' });
    return { status: 402, body: { id: intentId, status: 'requires_payment_method', error: { message: outcome.message } } };
  }
  const m = outcome.method;
  const stored: StoredMethod = {
    type: m.type,
    card_type: m.card_type,
    first_one: m.first_one,
    last_four: m.last_four,
    month: m.month,
    year: m.year,
    routing_number: m.routing_number,
    chargeSucceeds: m.chargeSucceeds,
    chargeMessage: m.chargeMessage,
  };
  const saved = await recordSetupIntentOutcome(db, intent.id, { status: 'succeeded', paymentMethod: stored, token: `pm_${randomToken(18).replace(/[^A-Za-z0-9]/g, '')}` });
  if (!saved) throw badRequest(BILLING_MESSAGES.setupIntentSucceeded, 'setup_intent_unexpected_state');
  return { status: 200, body: { id: intentId, status: 'succeeded' } };
}
