import { useState } from 'react';
import Grid from '@mui/material/Grid';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { creditBalance, creditUnitCents } from '@flotilla/core/billing/credits';
import { hasBillingInfo } from '@flotilla/core/schemas/billing';
import { ErrorState } from '../../../components/states/ErrorState.tsx';
import { organizationQuery } from '../../organizations/api/organizations.queries.ts';
import { billingInfoQuery, deviceFactsQuery, planQuery } from '../../billing/api/billing.queries.ts';
import { creditBundlesQuery, creditFeatureQuery } from '../api/credits.queries.ts';
import { creditsAction } from '../credits-display.ts';
import { AddCreditsDialog } from './AddCreditsDialog.tsx';
import { CreditNotificationCard } from './CreditNotificationCard.tsx';
import { CreditSummaryCard } from './CreditSummaryCard.tsx';
import { PurchaseHistoryCard } from './PurchaseHistoryCard.tsx';
import { RunwayCalculatorCard } from './RunwayCalculatorCard.tsx';

/**
 * The credits page's sections (accounts spec §2 Credits page): the summary card and the purchase
 * history always; the runway calculator and the low-credit notifications only once the
 * organization has purchases. The plan (does it support credits, its included devices and
 * discount), the payment method and the device count are the billing page's queries.
 */
export function CreditsContent({ orgId }: { orgId: number }) {
  const { t } = useTranslation('credits');
  const plan = useQuery(planQuery(orgId));
  const info = useQuery(billingInfoQuery(orgId));
  const bundles = useQuery(creditBundlesQuery(orgId));
  const feature = useQuery(creditFeatureQuery());
  const organization = useQuery(organizationQuery(orgId));
  const hasPurchases = (bundles.data?.length ?? 0) > 0;
  const devices = useQuery({ ...deviceFactsQuery(orgId), enabled: hasPurchases });
  const [dialogQuantity, setDialogQuantity] = useState<number | null>(null);

  const action = plan.data && info.data ? creditsAction({ supportsCredits: plan.data.supports_credits, hasPaymentMethod: hasBillingInfo(info.data) }) : null;
  const planFailure = plan.error ?? info.error ?? feature.error;
  // Add credits also needs the credit feature's id: until it is known, the button waits.
  const summaryAction = action === 'add-credits' && !feature.data ? null : action;
  const balance = creditBalance(bundles.data ?? []);

  return (
    <>
      {planFailure && (
        <ErrorState
          error={planFailure}
          what={t('summary.what')}
          onRetry={() => Promise.all([plan.error && plan.refetch(), info.error && info.refetch(), feature.error && feature.refetch()])}
        />
      )}
      <Grid container spacing={2} sx={{ mt: planFailure ? 2 : 0 }}>
        <Grid size={{ xs: 12, md: hasPurchases ? 6 : 12 }}>
          <CreditSummaryCard orgId={orgId} bundles={bundles} action={summaryAction} onAddCredits={() => setDialogQuantity(1)} />
        </Grid>
        {hasPurchases && plan.data && (
          <Grid size={{ xs: 12, md: 6 }}>
            <RunwayCalculatorCard
              devices={devices}
              includedDevices={plan.data.included_devices}
              balance={balance}
              canBuy={summaryAction === 'add-credits'}
              onAddCredits={(quantity) => setDialogQuantity(quantity)}
            />
          </Grid>
        )}
        <Grid size={12}>
          <PurchaseHistoryCard bundles={bundles} />
        </Grid>
        {/* The default threshold is twice the device count; without the count (it failed to load: the calculator says so) it starts at 0. */}
        {hasPurchases && feature.data && (devices.data || devices.error) && (
          <Grid size={{ xs: 12, md: 6 }}>
            <CreditNotificationCard orgId={orgId} featureId={feature.data.id} deviceCount={devices.data?.deviceCount ?? 0} />
          </Grid>
        )}
      </Grid>
      {dialogQuantity !== null && plan.data && feature.data && (
        <AddCreditsDialog
          orgId={orgId}
          organizationName={organization.data?.name ?? ''}
          featureId={feature.data.id}
          unitCents={creditUnitCents(plan.data.discount_percentage)}
          initialQuantity={dialogQuantity}
          onClose={() => setDialogQuantity(null)}
        />
      )}
    </>
  );
}
