import { useId, useState } from 'react';
import { flushSync } from 'react-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { asksForFeedback, PLAN_CHANGE_CONFIRM_DEBOUNCE_MS, planChangeButton } from '@flotilla/core/billing/plan-change';
import { formatCents } from '@flotilla/core/billing/prices';
import type { BillingPlanInfo } from '@flotilla/core/schemas/billing';
import { focusIfLost } from '../../../lib/focus-parking.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useChangePlan } from '../api/billing.mutations.ts';
import { billingErrorCode, billingErrorText } from '../billing-errors.ts';
import { useDebouncedCallback } from '../hooks/use-debounced-callback.ts';
import { targetPrice } from '../plan-options.ts';
import type { PlanChoice } from './AvailablePlans.tsx';
import { BankDebitTermsDialog } from './BankDebitTermsDialog.tsx';

/**
 * The plan change confirmation (accounts spec §4 "Plan change"): what changes and what it costs
 * now, optional feedback for a downgrade, the bank-debit terms first for a bank method on a paid
 * plan ("Next"), then "Pay now" for a paid plan or "Confirm"; the confirm is debounced 500 ms and
 * the change is immediate ("plan updated"). A refusal (a declined charge, contact sales) is shown
 * here and the plan stays; a missing payment method hands over to the payment dialog.
 */
export function PlanChangeDialog({
  orgId,
  current,
  choice,
  paymentMethodType,
  onNeedPaymentMethod,
  onClose,
}: {
  orgId: number;
  current: BillingPlanInfo;
  choice: PlanChoice;
  paymentMethodType: string | null;
  onNeedPaymentMethod: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('billing');
  const titleId = useId();
  const change = useChangePlan(orgId);
  const [feedback, setFeedback] = useState('');
  const [isAcceptingTerms, setIsAcceptingTerms] = useState(false);
  const [hasAcceptedTerms, setHasAcceptedTerms] = useState(false);
  const [isWaiting, setIsWaiting] = useState(false);
  const { target, cycle, kind } = choice;
  const price = targetPrice(target, cycle);
  const button = planChangeButton({ targetPriceCents: price, paymentMethodType, termsAccepted: hasAcceptedTerms });
  const busy = isWaiting || change.isPending;

  const submit = useDebouncedCallback(() => {
    setIsWaiting(false);
    const reason = feedback.trim();
    change.mutate(
      { tier: target.billing_code, cycle, ...(asksForFeedback(kind) && reason ? { planChangeReason: reason } : {}) },
      {
        onSuccess: () => {
          notifySuccess(t('messages.plan_updated'));
          // The button that opened this dialog is gone (the plan is now the current one): focus
          // goes to the new plan's card instead of the page body.
          flushSync(onClose);
          focusIfLost([...document.querySelectorAll<HTMLElement>('[data-plan]')].find((card) => card.dataset.plan === target.billing_code) ?? null);
        },
        onError: (error) => {
          if (billingErrorCode(error) === 'payment_method_required') onNeedPaymentMethod();
        },
      },
    );
  }, PLAN_CHANGE_CONFIRM_DEBOUNCE_MS);

  const handlePrimary = () => {
    if (button === 'next') {
      setIsAcceptingTerms(true);
      return;
    }
    setIsWaiting(true);
    submit();
  };

  if (isAcceptingTerms) {
    return (
      <BankDebitTermsDialog
        onAccept={() => {
          setHasAcceptedTerms(true);
          setIsAcceptingTerms(false);
        }}
        onClose={() => setIsAcceptingTerms(false)}
      />
    );
  }

  const error = change.isError && billingErrorCode(change.error) !== 'payment_method_required' ? billingErrorText(change.error) : null;
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t(`change.titles.${kind}`, { plan: target.title })}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="plan-change-error">
            {error}
          </Alert>
        )}
        <DialogContentText>
          {t('change.summary', { from: current.title, fromCycle: t(`cycle.${current.cycle}`), to: target.title, toCycle: t(`cycle.${cycle}`) })}
        </DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>
          {price > 0 ? t(cycle === 'annual' ? 'change.chargeAnnual' : 'change.chargeMonthly', { price: formatCents(price) }) : t('change.noCharge')}
        </DialogContentText>
        {asksForFeedback(kind) && (
          <TextField
            label={t('change.feedback')}
            helperText={t('change.feedbackHelp')}
            value={feedback}
            onChange={(event) => setFeedback(event.target.value)}
            multiline
            minRows={3}
            fullWidth
            margin="normal"
            disabled={busy}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common:cancel')}
        </Button>
        <Button variant="contained" onClick={handlePrimary} disabled={busy}>
          {t(`change.buttons.${button}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
