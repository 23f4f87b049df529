/**
 * Stripe.js, loaded on demand (PAYMENT_PROVIDER=stripe; GET /config `billing.scriptUrl`): only the
 * payment dialog needs it, so it is never part of a first load. The types are the few calls the
 * dialog makes (Stripe's Payment Element and `confirmSetup`), not Stripe's whole surface.
 */
export interface StripeElement {
  mount(target: HTMLElement): void;
  /** `loaderror`: the element could not load (a publishable key of another account, a bad client secret). */
  on(event: 'ready' | 'loaderror', handler: () => void): void;
  destroy(): void;
}
export interface StripeElements {
  create(type: 'payment'): StripeElement;
}
export interface StripeClient {
  elements(options: { clientSecret: string }): StripeElements;
  confirmSetup(options: { elements: StripeElements; redirect: 'if_required'; confirmParams: { return_url: string } }): Promise<{ error?: { message?: string } }>;
}
export type StripeFactory = (publishableKey: string) => StripeClient;

/** A mounted Payment Element and the setup intent it confirms. */
export interface StripeSetupSession {
  stripe: StripeClient;
  elements: StripeElements;
  element: StripeElement;
  intentId: string;
}

/** Stripe's own address, when GET /config names none (an older server). */
export const STRIPE_JS_DEFAULT_URL = 'https://js.stripe.com/v3/';

let loading: Promise<StripeFactory> | null = null;

const loaded = () => (globalThis as { Stripe?: StripeFactory }).Stripe;

/** The `Stripe` factory, adding the script once; a failed load can be tried again. */
export function loadStripeJs(url: string): Promise<StripeFactory> {
  const ready = loaded();
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    const fail = () => {
      loading = null;
      script.remove();
      reject(new Error('Stripe.js could not be loaded'));
    };
    script.addEventListener('load', () => {
      const factory = loaded();
      if (factory) resolve(factory);
      else fail();
    });
    script.addEventListener('error', fail);
    document.head.appendChild(script);
  });
  return loading;
}
