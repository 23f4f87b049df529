import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { BillingCycle } from '@flotilla/core/billing/prices';
import { clientConfigQuery } from '../../profile/api/client-config.queries.ts';
import { useSetUpPaymentMethod } from '../api/billing.mutations.ts';
import { billingErrorText } from '../billing-errors.ts';
import { setupReturnPath } from '../plan-proposal.ts';
import { STRIPE_JS_DEFAULT_URL } from '../stripe/stripe-js.ts';
import { StripePaymentMethodDialog } from './StripePaymentMethodDialog.tsx';
import {
  accountNumberError,
  cardNumberError,
  cvcError,
  EMPTY_PAYMENT_VALUES,
  expiryError,
  ibanError,
  paymentMethodOf,
  routingNumberError,
  type PaymentKind,
  type PaymentValues,
} from '../payment-form.ts';

const KINDS: readonly PaymentKind[] = ['card', 'sepa_debit', 'us_bank_account'];

/**
 * The payment method dialog (accounts spec §4 "Payment method flow"): a card (number, MM/YY,
 * CVC), a SEPA IBAN or a US bank account, for the deployment's processor. Submitting creates a
 * setup intent (with the captcha), confirms it with the processor and goes to the return URL
 * carrying `setup-intent` (and the plan change to propose after it, `then`); the page stores it
 * from there. A refusal shows the processor's message here and changes nothing.
 */
export function PaymentMethodDialog(props: { orgId: number; then?: { tier: string; cycle: BillingCycle }; onClose: () => void }) {
  const billing = useQuery(clientConfigQuery).data?.billing;
  // A Stripe deployment takes the details in Stripe's own Payment Element (Stripe.js).
  if (billing?.provider === 'stripe') return <StripePaymentMethodDialog {...props} publishableKey={billing.publishableKey} scriptUrl={billing.scriptUrl ?? STRIPE_JS_DEFAULT_URL} />;
  return <LocalPaymentMethodDialog {...props} isLocal={billing?.provider === 'local'} />;
}

/** The built-in test processor's form (PAYMENT_PROVIDER=local). */
function LocalPaymentMethodDialog({ orgId, then, onClose, isLocal }: { orgId: number; then?: { tier: string; cycle: BillingCycle }; onClose: () => void; isLocal: boolean }) {
  const { t } = useTranslation('billing');
  const titleId = useId();
  const navigate = useNavigate();
  const setUp = useSetUpPaymentMethod(orgId);
  const { register, control, handleSubmit, formState } = useForm<PaymentValues>({ mode: 'onTouched', defaultValues: EMPTY_PAYMENT_VALUES });
  const kind = useWatch({ control, name: 'kind' });
  const check = (forKind: PaymentKind, error: (value: string, values: PaymentValues) => string | null) => (value: string, values: PaymentValues) => {
    if (values.kind !== forKind) return true;
    const key = error(value, values);
    return key === null ? true : t(key);
  };
  const field = (name: keyof PaymentValues) => ({ error: Boolean(formState.errors[name]), helperText: formState.errors[name]?.message });

  const submit = (values: PaymentValues) =>
    setUp.mutate(paymentMethodOf(values), {
      onSuccess: (setupIntentId) => {
        onClose();
        void navigate({ href: setupReturnPath(orgId, setupIntentId, then) });
      },
    });

  return (
    <Dialog open onClose={setUp.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <DialogTitle id={titleId}>{t('payment.dialogTitle')}</DialogTitle>
        <DialogContent>
          {then && <DialogContentText sx={{ mb: 2 }}>{t('payment.neededForPlan')}</DialogContentText>}
          {isLocal && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('payment.testProcessor')}
            </Alert>
          )}
          {setUp.isError && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="payment-error">
              {billingErrorText(setUp.error)}
            </Alert>
          )}
          <Controller
            control={control}
            name="kind"
            render={({ field: kindField }) => (
              <FormControl component="fieldset" sx={{ mb: 2 }}>
                <FormLabel component="legend">{t('payment.kind')}</FormLabel>
                <RadioGroup row value={kindField.value} onChange={(event) => kindField.onChange(event.target.value)}>
                  {KINDS.map((option) => (
                    <FormControlLabel key={option} value={option} control={<Radio />} label={t(`payment.kinds.${option}`)} disabled={setUp.isPending} />
                  ))}
                </RadioGroup>
              </FormControl>
            )}
          />
          <Stack spacing={2}>
            {kind === 'card' && (
              <>
                <TextField
                  label={t('payment.cardNumber')}
                  required
                  fullWidth
                  autoComplete="cc-number"
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  {...field('cardNumber')}
                  {...register('cardNumber', { validate: check('card', cardNumberError) })}
                />
                <Stack direction="row" spacing={2}>
                  <TextField
                    label={t('payment.expiry')}
                    placeholder={t('payment.expiryPlaceholder')}
                    required
                    fullWidth
                    autoComplete="cc-exp"
                    {...field('expiry')}
                    {...register('expiry', { validate: check('card', (value) => expiryError(value, new Date())) })}
                  />
                  <TextField
                    label={t('payment.cvc')}
                    required
                    fullWidth
                    autoComplete="cc-csc"
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                    {...field('cvc')}
                    {...register('cvc', { validate: check('card', (value, values) => cvcError(value, values.cardNumber)) })}
                  />
                </Stack>
              </>
            )}
            {kind === 'sepa_debit' && (
              <TextField label={t('payment.iban')} required fullWidth {...field('iban')} {...register('iban', { validate: check('sepa_debit', ibanError) })} />
            )}
            {kind === 'us_bank_account' && (
              <>
                <TextField
                  label={t('payment.routingNumber')}
                  required
                  fullWidth
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  {...field('routingNumber')}
                  {...register('routingNumber', { validate: check('us_bank_account', routingNumberError) })}
                />
                <TextField
                  label={t('payment.accountNumber')}
                  required
                  fullWidth
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  {...field('accountNumber')}
                  {...register('accountNumber', { validate: check('us_bank_account', accountNumberError) })}
                />
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={setUp.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={setUp.isPending}>
            {setUp.isPending ? t('payment.saving') : t('payment.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
