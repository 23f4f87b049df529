import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CREDIT_FEATURE_SLUG, creditBalance } from '@flotilla/core/billing/credits';
import type { Db } from '../db/database.ts';
import { addCard, call, orgWithAdmin, type BillingOrg } from './billing-test-helpers.ts';

/** Factories of the credits integration tests (credits*.int.test.ts). */

export async function creditFeatureId(db: Db): Promise<number> {
  return (await db.selectFrom('feature').select('id').where('slug', '=', CREDIT_FEATURE_SLUG).executeTakeFirstOrThrow()).id;
}

/** An organization whose administrator has saved `cardNumber` and moved to `tier` through the billing API. */
export async function orgOnPlan(app: FastifyInstance, db: Db, tier: string, cardNumber = '4242424242424242'): Promise<BillingOrg> {
  const o = await orgWithAdmin(app, db);
  await addCard(app, o.orgId, o.admin.token);
  const res = await call(app, 'PATCH', `/billing/v1/account/${o.orgId}/plan`, o.admin.token, { tier, cycle: 'monthly' });
  expect(res.statusCode, res.body).toBe(200);
  // Another card after the plan change: one whose charges are declined stays on file.
  if (cardNumber !== '4242424242424242') await addCard(app, o.orgId, o.admin.token, cardNumber);
  return o;
}

/** balena-sdk organization.creditBundle.create(orgId, featureId, quantity). */
export function buyCredits(app: FastifyInstance, token: string, orgId: number, featureId: number, quantity: unknown) {
  return call(app, 'POST', '/v7/credit_bundle', token, { belongs_to__organization: orgId, is_for__feature: featureId, original_quantity: quantity });
}

/** balena-sdk organization.creditBundle.getAllByOrg(orgId): newest first. */
export async function listBundles(app: FastifyInstance, token: string, orgId: number) {
  const res = await call(app, 'GET', `/v7/credit_bundle?$filter=belongs_to__organization%20eq%20${orgId}&$orderby=created_at%20desc`, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { d: { id: number; payment_status: string; total_balance: number; total_cost: number; original_quantity: number; error_message: string | null; expires_on__date: string }[] }).d;
}

export async function balanceOf(app: FastifyInstance, token: string, orgId: number): Promise<number> {
  return creditBalance(await listBundles(app, token, orgId));
}
