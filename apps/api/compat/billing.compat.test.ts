// balena-sdk billing model against the billing API (compat/balena-api.md §4 "GET /billing/v1/account/:orgId …
// `PATCH /plan` `{annual, tier?, …}`"): the SDK's own calls, with the local payment processor.
import { describe, expect, it } from 'vitest';
import { signedUpSdk, unique, useLiveServer } from './sdk-fixtures.ts';

const server = useLiveServer();

describe('billing through balena-sdk', () => {
  it('changePlan sends the cycle as {annual} and the plan changes to that cycle', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const org = await sdk.models.organization.create({ name: `Billing ${unique()}` });
    // A payment method: setup intent (SDK), the local processor's confirm, then the SDK saves it.
    const intent = (await sdk.models.billing.createSetupIntent({ organization: org.handle, 'g-recaptcha-response': 'dummy' } as never)) as { id: string; client_secret: string };
    const confirm = await fetch(`${server.current.url}/billing/v1/local-processor/setup-intents/${intent.id}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_secret: intent.client_secret, method: { type: 'card', number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 5, cvc: '123' } }),
    });
    expect(confirm.status, await confirm.text()).toBe(200);
    await sdk.models.billing.updateBillingInfo(org.handle, { token_id: intent.id, type: 'setup_intent' } as never);

    await sdk.models.billing.changePlan(org.handle, { tier: 'pilot-v2', cycle: 'annual' });
    expect(await sdk.models.billing.getPlan(org.handle)).toMatchObject({ billing_code: 'pilot-v2', cycle: 'annual', intervalLength: 12 });

    await sdk.models.billing.changePlan(org.handle, { tier: 'pilot-v2', cycle: 'monthly', planChangeReason: 'back to monthly' });
    expect(await sdk.models.billing.getPlan(org.handle)).toMatchObject({ billing_code: 'pilot-v2', cycle: 'monthly', intervalLength: 1 });

    // downloadInvoice streams (balena-request's stream path makes the whole body the message):
    // a paid invoice comes as a PDF; a missing one reads as the server's sentence, not as JSON.
    const [invoice] = await sdk.models.billing.getInvoices(org.handle);
    const pdf: Buffer[] = [];
    for await (const chunk of (await sdk.models.billing.downloadInvoice(org.handle, invoice!.invoice_number)) as unknown as AsyncIterable<Uint8Array>) pdf.push(Buffer.from(chunk));
    expect(Buffer.concat(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect(sdk.models.billing.downloadInvoice(org.handle, 'FLT-999999')).rejects.toMatchObject({ name: 'BalenaRequestError', statusCode: 404, message: 'Request error: Invoice not found' });
  });
});
