import { useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { BillingCycle } from '@flotilla/core/billing/prices';
import { ErrorState } from '../../../components/states/ErrorState.tsx';
import { LoadingState } from '../../../components/states/LoadingState.tsx';
import { useConfirmStripeSetup } from '../api/billing.mutations.ts';
import { createSetupIntent } from '../api/billing.requests.ts';
import { billingErrorText } from '../billing-errors.ts';
import { setupReturnPath } from '../plan-proposal.ts';
import { loadStripeJs, type StripeSetupSession } from '../stripe/stripe-js.ts';

interface Props {
  orgId: number;
  then?: { tier: string; cycle: BillingCycle };
  onClose: () => void;
  publishableKey: string | null | undefined;
  scriptUrl: string;
}

/**
 * The payment method dialog on a Stripe deployment (accounts spec §4 "Payment method flow"):
 * a setup intent for the organization (with the captcha) and Stripe.js load together, Stripe's
 * Payment Element takes the details (they go to Stripe, never to this server), and Save confirms
 * the intent with Stripe.js. A method that needs the bank's own page (3-D Secure) returns to the
 * same return URL the local flow goes to, carrying `setup-intent` (and the plan change to propose
 * after it), where the billing page stores it. A decline is shown here and changes nothing.
 */
export function StripePaymentMethodDialog({ orgId, then, onClose, publishableKey, scriptUrl }: Props) {
  const { t } = useTranslation('billing');
  const titleId = useId();
  const navigate = useNavigate();
  const mountRef = useRef<HTMLDivElement>(null);
  const session = useRef<StripeSetupSession | null>(null);
  const [phase, setPhase] = useState<{ kind: 'loading' | 'ready' } | { kind: 'failed'; error: unknown }>({ kind: 'loading' });
  // Retry starts the set-up again: a new intent, and the script if it failed to load.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!publishableKey) return;
    let cancelled = false;
    Promise.all([loadStripeJs(scriptUrl), createSetupIntent(orgId)])
      .then(([Stripe, intent]) => {
        if (cancelled) return;
        if (!mountRef.current) throw new Error(t('payment.stripeFailed'));
        const stripe = Stripe(publishableKey);
        const elements = stripe.elements({ clientSecret: intent.client_secret });
        const element = elements.create('payment');
        element.on('ready', () => {
          if (!cancelled) setPhase({ kind: 'ready' });
        });
        element.on('loaderror', () => {
          if (!cancelled) setPhase({ kind: 'failed', error: new Error(t('payment.stripeFailed')) });
        });
        element.mount(mountRef.current);
        session.current = { stripe, elements, element, intentId: intent.id };
      })
      .catch((error: unknown) => {
        if (!cancelled) setPhase({ kind: 'failed', error });
      });
    return () => {
      cancelled = true;
      session.current?.element.destroy();
      session.current = null;
    };
  }, [orgId, publishableKey, scriptUrl, attempt, t]);

  const confirm = useConfirmStripeSetup();
  const save = () => {
    const current = session.current;
    if (!current) return;
    // A bank that needs its own page (3-D Secure) sends the browser back here, as the local flow does.
    const returnUrl = new URL(setupReturnPath(orgId, current.intentId, then), window.location.origin).href;
    confirm.mutate(
      { session: current, returnUrl, declined: t('payment.stripeDeclined') },
      {
        onSuccess: (intentId) => {
          onClose();
          void navigate({ href: setupReturnPath(orgId, intentId, then) });
        },
      },
    );
  };
  const retry = () => {
    confirm.reset();
    setPhase({ kind: 'loading' });
    setAttempt((n) => n + 1);
  };

  return (
    <Dialog open onClose={confirm.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <DialogTitle id={titleId}>{t('payment.dialogTitle')}</DialogTitle>
        <DialogContent>
          {then && <DialogContentText sx={{ mb: 2 }}>{t('payment.neededForPlan')}</DialogContentText>}
          {!publishableKey ? (
            <Alert severity="warning">{t('payment.stripeNotConfigured')}</Alert>
          ) : (
            <>
              <DialogContentText sx={{ mb: 2 }}>{t('payment.stripeNote')}</DialogContentText>
              {phase.kind === 'loading' && <LoadingState label={t('payment.stripeLoading')} />}
              {phase.kind === 'failed' && <ErrorState error={phase.error} what={t('payment.what')} onRetry={retry} />}
              {confirm.isError && (
                <Alert severity="error" sx={{ mb: 2 }} data-testid="payment-error">
                  {billingErrorText(confirm.error)}
                </Alert>
              )}
              {/* Stripe's Payment Element is mounted here; kept in the page while loading so it has a place to go. */}
              <div ref={mountRef} data-testid="stripe-payment-element" />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={confirm.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={phase.kind !== 'ready' || confirm.isPending || !publishableKey}>
            {confirm.isPending ? t('payment.saving') : t('payment.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
