import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isFreePlan, needsPaymentMethod } from '@flotilla/core/billing/plan-change';
import type { BillingCycle } from '@flotilla/core/billing/prices';
import { hasBillingInfo } from '@flotilla/core/schemas/billing';
import { LoadingState } from '../../../components/states/LoadingState.tsx';
import { toast } from '../../../lib/toast.ts';
import { billingInfoQuery, deviceFactsQuery, planQuery, plansQuery } from '../api/billing.queries.ts';
import { billingErrorText } from '../billing-errors.ts';
import { proposedPlanChange } from '../plan-proposal.ts';
import { useHashFocus } from '../hooks/use-hash-focus.ts';
import { useSetupIntentReturn } from '../hooks/use-setup-intent-return.ts';
import { planChangeKind, targetCycle, targetPrice } from '../plan-options.ts';
import { AccountInfoCard } from './AccountInfoCard.tsx';
import { AvailablePlans, type PlanChoice } from './AvailablePlans.tsx';
import { CurrentPlanCard } from './CurrentPlanCard.tsx';
import { InvoicesCard } from './InvoicesCard.tsx';
import { PaymentMethodCard } from './PaymentMethodCard.tsx';
import { PaymentMethodDialog } from './PaymentMethodDialog.tsx';
import { PlanChangeDialog } from './PlanChangeDialog.tsx';
import { DevicePricingCard, MemberPricingCard } from './PricingCards.tsx';
import { UsageCard } from './UsageCard.tsx';

const route = getRouteApi('/_app/orgs/$orgId/billing');

type OpenDialog = { kind: 'payment'; then?: { tier: string; cycle: BillingCycle } } | { kind: 'plan'; choice: PlanChoice } | null;

/**
 * The billing page's sections and the plan change flow (accounts spec §2, §4): each section
 * loads and fails on its own; a custom plan hides account, payment, invoices and plan changes.
 * A plan change asks for a payment method first when the target is paid and none is on file
 * (the payment dialog then returns here with the change to propose), and `plan`/`cycle` in the
 * URL open a change's confirmation directly. The past-due and frozen notice is above the page
 * (PastDueNotice, on every organization page).
 */
export function BillingContent({ orgId }: { orgId: number }) {
  const { t } = useTranslation('billing');
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const plan = useQuery(planQuery(orgId));
  const showsPlanChanges = plan.data !== undefined && !plan.data.is_custom;
  const plans = useQuery({ ...plansQuery(orgId), enabled: showsPlanChanges });
  const info = useQuery({ ...billingInfoQuery(orgId), enabled: showsPlanChanges });
  const isOnPaidPlan = plan.data !== undefined && !isFreePlan(plan.data.billing_code);
  const devices = useQuery({ ...deviceFactsQuery(orgId), enabled: showsPlanChanges && isOnPaidPlan, meta: { silent: true } });
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const setupIntentId = search['setup-intent'];
  const setupReturn = useSetupIntentReturn(orgId, setupIntentId, () =>
    void navigate({ search: ({ 'setup-intent': _stored, ...rest }) => rest, replace: true, hash: true }),
  );
  useHashFocus(showsPlanChanges);

  const method = info.data && hasBillingInfo(info.data) ? info.data : null;
  const startPlanChange = (choice: PlanChoice) => {
    if (needsPaymentMethod(targetPrice(choice.target, choice.cycle), method !== null)) setDialog({ kind: 'payment', then: { tier: choice.target.billing_code, cycle: choice.cycle } });
    else setDialog({ kind: 'plan', choice });
  };

  // A plan change asked for in the URL (`plan`/`cycle`, or resumed after a payment setup) opens
  // once everything it needs is known; the parameters are then dropped so it does not reopen.
  const proposal = setupIntentId ? null : proposedPlanChange(search);
  const isProposalReady = proposal !== null && plan.data !== undefined && plans.data !== undefined && info.data !== undefined && (!isOnPaidPlan || !devices.isPending);
  useEffect(() => {
    if (!isProposalReady || !proposal || !plan.data || !plans.data) return;
    const current = plan.data;
    const target = plans.data.find((candidate) => candidate.billing_code === proposal.tier);
    const cycle = target ? targetCycle(target, proposal.cycle ?? current.cycle) : current.cycle;
    const kind = target && !current.is_custom ? planChangeKind(current, target, cycle, devices.data ?? null) : null;
    // The parameters go first; the change (or why there is none) follows on the cleaned URL.
    void navigate({ search: ({ plan: _p, cycle: _c, 'then-propose-plan-tier': _t, 'then-propose-plan-cycle': _tc, ...rest }) => rest, replace: true, hash: true }).then(() => {
      if (target && kind !== null && kind !== 'no-change' && kind !== 'contact-sales') startPlanChange({ target, cycle, kind });
      else toast(t(kind === 'no-change' ? 'change.alreadyOnPlan' : 'change.unavailable'), { variant: 'info' });
    });
    // Runs when the proposal becomes ready; the rest is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isProposalReady]);

  return (
    <>
      {setupIntentId && setupReturn.attach.isPending && (
        <Alert severity="info" sx={{ mb: 2 }} role="status">
          {t('payment.storing')}
        </Alert>
      )}
      {setupReturn.attach.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            setupIntentId ? (
              <Button color="inherit" size="small" onClick={() => setupReturn.retry()}>
                {t('common:retry')}
              </Button>
            ) : undefined
          }
        >
          {t('errors.failed_storing_payment_method', { reason: billingErrorText(setupReturn.attach.error) })}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: isOnPaidPlan ? 6 : 12 }}>
          <CurrentPlanCard plan={plan} />
        </Grid>
        {isOnPaidPlan && (
          <Grid size={{ xs: 12, md: 6 }}>
            <UsageCard orgId={orgId} />
          </Grid>
        )}
        {plan.data === undefined && !plan.error && (
          <Grid size={12}>
            <LoadingState rows={4} />
          </Grid>
        )}
        {plan.data && !plan.data.is_custom && (
          <>
            <Grid size={{ xs: 12, md: 6 }}>
              <AccountInfoCard orgId={orgId} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <PaymentMethodCard orgId={orgId} onAddOrChange={() => setDialog({ kind: 'payment' })} />
            </Grid>
            <Grid size={12}>
              <InvoicesCard orgId={orgId} />
            </Grid>
            <Grid size={12}>
              <AvailablePlans plans={plans} current={plan.data} devices={devices.data ?? null} onChoose={startPlanChange} />
            </Grid>
          </>
        )}
        <Grid size={{ xs: 12, md: 6 }}>
          <MemberPricingCard />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <DevicePricingCard plan={plan.data} />
        </Grid>
      </Grid>
      {dialog?.kind === 'payment' && <PaymentMethodDialog orgId={orgId} then={dialog.then} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'plan' && plan.data && (
        <PlanChangeDialog
          orgId={orgId}
          current={plan.data}
          choice={dialog.choice}
          paymentMethodType={method?.type ?? null}
          onNeedPaymentMethod={() => setDialog({ kind: 'payment', then: { tier: dialog.choice.target.billing_code, cycle: dialog.choice.cycle } })}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
