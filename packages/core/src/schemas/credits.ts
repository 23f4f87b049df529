import { z } from 'zod';
import { CREDITS_MAX } from '../billing/credits.ts';

/**
 * Inputs of the credit writes (accounts spec §5 Credits, §7 creditBundle create and
 * organization_credit_notification): checked by the billing engine's OData hooks
 * (apps/api/src/billing/credits.hooks.ts) after the engine coerced the body. Refusals answer
 * `{error, code}` with CREDIT_ERROR_CODES, or the billing codes `payment_method_required` and
 * `contact_sales`.
 */
export const CREDIT_ERROR_CODES = ['credits_not_supported', 'invalid_credit_quantity', 'invalid_credit_feature', 'invalid_threshold', 'payment_method_required', 'contact_sales'] as const;
export type CreditErrorCode = (typeof CREDIT_ERROR_CODES)[number];

/** Credits in one purchase: a whole number from 1 to 1,500,000. */
export const creditQuantity = z.number().int().min(1).max(CREDITS_MAX);

/** A low-credit notification's threshold: a whole number from 0 to 1,500,000. */
export const creditThreshold = z.number().int().min(0).max(CREDITS_MAX);
