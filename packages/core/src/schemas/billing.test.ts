import { describe, expect, it } from 'vitest';
import { billingInfoResponse, changePlanBody, hasBillingInfo, localConfirmBody, updateBillingAccountBody } from './billing.ts';

describe('billing request schemas', () => {
  it('requires an email and refuses a tax id that fails its type with code invalid_tax_id', () => {
    expect(updateBillingAccountBody.safeParse({}).success).toBe(false);
    expect(updateBillingAccountBody.safeParse({ email: 'a@example.com', tax_id: { type: 'us_ein', value: '12-3456789' } }).success).toBe(true);
    const bad = updateBillingAccountBody.safeParse({ email: 'a@example.com', tax_id: { type: 'us_ein', value: '123' } });
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).toContain('invalid_tax_id');
    expect(updateBillingAccountBody.safeParse({ email: 'a@example.com', tax_id: null }).success).toBe(true);
    expect(updateBillingAccountBody.safeParse({ email: 'a@example.com', company_name: 'x'.repeat(201) }).success).toBe(false);
    expect(updateBillingAccountBody.safeParse({ email: 'a@example.com', extra: 1 }).success).toBe(false);
  });
  it('accepts monthly and annual cycles only', () => {
    expect(changePlanBody.safeParse({ tier: 'pilot-v2', cycle: 'annual' }).success).toBe(true);
    expect(changePlanBody.safeParse({ tier: 'pilot-v2', cycle: 'weekly' }).success).toBe(false);
  });
  it("reads balena-sdk's {annual: boolean} as the cycle", () => {
    expect(changePlanBody.parse({ tier: 'pilot-v2', annual: true })).toEqual({ tier: 'pilot-v2', cycle: 'annual' });
    expect(changePlanBody.parse({ tier: 'pilot-v2', annual: false, planChangeReason: 'r' })).toEqual({ tier: 'pilot-v2', cycle: 'monthly', planChangeReason: 'r' });
    expect(changePlanBody.safeParse({ tier: 'pilot-v2', annual: 'yes' }).success).toBe(false);
    expect(changePlanBody.safeParse({ tier: 'pilot-v2', annual: true, cycle: 'annual' }).success).toBe(false);
    expect(changePlanBody.safeParse({ tier: 'pilot-v2' }).success).toBe(false);
  });
  it('tells a payment method from none', () => {
    const none = billingInfoResponse.parse({});
    expect(hasBillingInfo(none)).toBe(false);
    const card = billingInfoResponse.parse({ type: 'card', first_one: '4', last_four: '4242', card_type: 'visa', month: 1, year: 2030, routing_number: null, company: null });
    expect(hasBillingInfo(card)).toBe(true);
  });
  it('validates local processor methods', () => {
    expect(localConfirmBody.safeParse({ client_secret: 's', method: { type: 'card', number: '4242424242424242', exp_month: 1, exp_year: 2030, cvc: '123' } }).success).toBe(true);
    expect(localConfirmBody.safeParse({ client_secret: 's', method: { type: 'card', number: 'abc', exp_month: 1, exp_year: 2030, cvc: '123' } }).success).toBe(false);
    expect(localConfirmBody.safeParse({ client_secret: 's', method: { type: 'paypal' } }).success).toBe(false);
  });
});
