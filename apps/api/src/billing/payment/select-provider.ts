import type { AppConfig } from '../../lib/config.ts';
import { LocalPaymentProvider } from './local-provider.ts';
import type { PaymentProvider } from './provider.ts';
import { StripePaymentProvider } from './stripe-provider.ts';

/** The provider PAYMENT_PROVIDER names (local by default). */
export function paymentProviderFor(config: Pick<AppConfig, 'paymentProvider' | 'stripeSecretKey' | 'stripeApiUrl'>): PaymentProvider {
  return config.paymentProvider === 'stripe' ? new StripePaymentProvider({ secretKey: config.stripeSecretKey, apiUrl: config.stripeApiUrl }) : new LocalPaymentProvider();
}
