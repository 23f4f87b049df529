import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { creditBalance } from '@flotilla/core/billing/credits';
import { QueryState } from '../../../components/states/QueryState.tsx';
import type { CreditBundle } from '../api/credits.requests.ts';
import { countParams, type CreditsAction } from '../credits-display.ts';
import { CreditActionButton } from './CreditActionButton.tsx';
import { PageSection } from '../../../components/PageSection.tsx';

/**
 * The summary card (accounts spec §2 Credits page): the balance (paid, complimentary and manually
 * invoiced bundles not yet expired, core/billing/credits.ts) and one button: Add credits,
 * Upgrade plan or Add payment method. `action` is null while the plan or the payment method
 * loads (or failed: CreditsContent shows that).
 */
export function CreditSummaryCard({
  orgId,
  bundles,
  action,
  onAddCredits,
}: {
  orgId: number;
  bundles: UseQueryResult<CreditBundle[]>;
  action: CreditsAction | null;
  onAddCredits: () => void;
}) {
  const { t } = useTranslation('credits');
  return (
    <PageSection title={t('summary.title')}>
      <QueryState query={bundles} what={t('summary.what')} loadingRows={2}>
        {(rows) => {
          const balance = creditBalance(rows);
          return (
            <Box>
              <Typography variant="body2" color="text.secondary" id="credit-balance-label">
                {t('summary.balanceLabel')}
              </Typography>
              <Typography variant="h4" component="p" aria-describedby="credit-balance-label" data-testid="credit-balance">
                {t('summary.balance', countParams(balance))}
              </Typography>
            </Box>
          );
        }}
      </QueryState>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1.5 }}>
        {action === 'upgrade-plan' ? t('summary.upgradeHelp') : action === 'add-payment-method' ? t('summary.paymentHelp') : t('summary.help')}
      </Typography>
      {action && <CreditActionButton orgId={orgId} action={action} onAddCredits={onAddCredits} />}
    </PageSection>
  );
}
