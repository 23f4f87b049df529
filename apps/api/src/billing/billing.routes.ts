import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  billingAccountResponse,
  billingInfo,
  billingInfoResponse,
  billingInvoiceParams,
  billingOrgParams,
  billingPlanInfo,
  billingPlansResponse,
  billingUsageResponse,
  canAccessSupportResponse,
  changePlanBody,
  createSetupIntentBody,
  invoicesResponse,
  localConfirmBody,
  localConfirmResponse,
  setupIntentIdParams,
  setupIntentResponse,
  updateBillingAccountBody,
  updateBillingInfoBody,
  billingAccountInfo,
} from '@flotilla/core/schemas/billing';
import { assertBillingAccess } from './billing-access.ts';
import { paymentProviderFor } from './payment/select-provider.ts';
import { createSetupIntent, getAccountInfo, getPaymentMethod, removePaymentMethod, setPaymentMethod, updateAccountInfo } from './account-info.service.ts';
import { canAccessSupport, getPlanInfo, getUsage, listPlans } from './plan-info.ts';
import { changePlan } from './plan-change.service.ts';
import { invoicePdf, listInvoices } from './invoices.service.ts';
import { confirmLocalSetupIntent } from './local-processor.service.ts';
import { payPastDueInvoices } from './renewal.service.ts';

/**
 * The billing API (helper-notes/billing-contract.md; accounts spec §3, §4, §7): every route
 * under /billing/v1/account/:orgId first passes assertBillingAccess (404 outsider = missing,
 * 403 member without resin.organization.access_billing). Shapes are core/schemas/billing.ts.
 */
export async function billingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const provider = paymentProviderFor(app.config);
  const base = '/billing/v1/account/:orgId';
  const access = (request: Parameters<typeof assertBillingAccess>[1], orgId: number) => assertBillingAccess(app.db, request, orgId);

  app.get(base, { schema: { params: billingOrgParams, response: { 200: billingAccountResponse } } }, async (request) => {
    await access(request, request.params.orgId);
    return getAccountInfo(app.db, request.params.orgId);
  });

  app.patch(base, { schema: { params: billingOrgParams, body: updateBillingAccountBody, response: { 200: billingAccountInfo } } }, async (request) => {
    await access(request, request.params.orgId);
    return updateAccountInfo(app.db, request.params.orgId, request.body);
  });

  app.get(`${base}/plan`, { schema: { params: billingOrgParams, response: { 200: billingPlanInfo } } }, async (request) => {
    await access(request, request.params.orgId);
    return getPlanInfo(app.db, request.params.orgId);
  });

  app.get(`${base}/plans`, { schema: { params: billingOrgParams, response: { 200: billingPlansResponse } } }, async (request) => {
    await access(request, request.params.orgId);
    return listPlans(app.db);
  });

  app.patch(`${base}/plan`, { schema: { params: billingOrgParams, body: changePlanBody, response: { 200: billingPlanInfo } } }, async (request) => {
    await access(request, request.params.orgId);
    return changePlan(app.db, provider, request.params.orgId, request.body);
  });

  app.get(`${base}/info`, { schema: { params: billingOrgParams, response: { 200: billingInfoResponse } } }, async (request) => {
    await access(request, request.params.orgId);
    return getPaymentMethod(app.db, request.params.orgId);
  });

  app.post(`${base}/setup-intent`, { schema: { params: billingOrgParams, body: createSetupIntentBody, response: { 200: setupIntentResponse } } }, async (request) => {
    await access(request, request.params.orgId);
    return createSetupIntent(app.db, app.config, provider, request.params.orgId, request.body['g-recaptcha-response']);
  });

  app.patch(`${base}/info`, { schema: { params: billingOrgParams, body: updateBillingInfoBody, response: { 200: billingInfo } } }, async (request) => {
    await access(request, request.params.orgId);
    const saved = await setPaymentMethod(app.db, provider, request.params.orgId, request.body);
    // Past-due invoices are paid with the new method now (clearing the notice and the freeze).
    // The method is saved either way: a failure here is logged and left to the renewal job.
    await payPastDueInvoices(app.db, provider, request.params.orgId).catch((err: unknown) => request.log.error({ err, organizationId: request.params.orgId }, 'paying past-due invoices failed'));
    return saved;
  });

  app.delete(`${base}/info`, { schema: { params: billingOrgParams } }, async (request, reply) => {
    await access(request, request.params.orgId);
    await removePaymentMethod(app.db, request.params.orgId);
    return reply.status(204).send();
  });

  app.get(`${base}/invoices`, { schema: { params: billingOrgParams, response: { 200: invoicesResponse } } }, async (request) => {
    await access(request, request.params.orgId);
    return listInvoices(app.db, request.params.orgId);
  });

  // Streamed by balena-sdk (downloadInvoice): errors as text (plugins/error-handler.ts).
  app.get(`${base}/invoices/:invoiceNumber/download`, { config: { errorsAsText: true }, schema: { params: billingInvoiceParams } }, async (request, reply) => {
    await access(request, request.params.orgId);
    const { fileName, pdf } = await invoicePdf(app.db, request.params.orgId, request.params.invoiceNumber);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf));
  });

  app.get(`${base}/usage`, { schema: { params: billingOrgParams, response: { 200: billingUsageResponse } } }, async (request) => {
    await access(request, request.params.orgId);
    return getUsage(app.db, request.params.orgId);
  });

  app.get(`${base}/can-access-support`, { schema: { params: billingOrgParams, response: { 200: canAccessSupportResponse } } }, async (request) => {
    await access(request, request.params.orgId);
    return canAccessSupport(app.db, request.params.orgId);
  });

  // The local test processor's confirm step: only when it is the configured provider.
  if (provider.name === 'local') {
    app.post(
      '/billing/v1/local-processor/setup-intents/:id/confirm',
      { config: { public: true }, schema: { params: setupIntentIdParams, body: localConfirmBody, response: { 200: localConfirmResponse, 402: localConfirmResponse } } },
      async (request, reply) => {
        const result = await confirmLocalSetupIntent(app.db, request.ip, request.params.id, request.body);
        return reply.status(result.status).send(result.body);
      },
    );
  }
}
