/** Texts of the billing engine's errors (codes: BILLING_ERROR_CODES in core/schemas/billing.ts). */
export const BILLING_MESSAGES = {
  unknownPlan: 'Unknown plan',
  contactSales: 'This plan change needs our sales team: please contact sales.',
  tooManyDevicesForFree: 'The free plan cannot hold the devices of this organization: please contact sales.',
  paymentMethodRequired: 'A payment method is required for a paid plan: please add one first.',
  paymentMethodRequiredToRemove: 'The payment method cannot be removed while the organization is on a paid plan.',
  invalidSetupIntent: 'The setup intent is not a succeeded setup intent of this organization.',
  invoiceNotFound: 'Invoice not found',
  invoiceNotReady: 'This invoice is not yet available for download.',
  captchaFailed: 'Captcha verification failed',
  setupIntentNotFound: 'No such setup intent',
  setupIntentSucceeded: 'This setup intent has already succeeded.',
  noPaymentMethodForRenewal: 'No payment method on file: please add one to pay this invoice.',
} as const;
