import Button from '@mui/material/Button';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { CreditsAction } from '../credits-display.ts';

/**
 * The summary card's button (accounts spec §2 Credits page): Add credits opens the dialog;
 * Upgrade plan and Add payment method lead to the billing page's #billing-plans and
 * #payment-method sections.
 */
export function CreditActionButton({ orgId, action, onAddCredits }: { orgId: number; action: CreditsAction; onAddCredits: () => void }) {
  const { t } = useTranslation('credits');
  if (action === 'add-credits') {
    return (
      <Button variant="contained" onClick={onAddCredits}>
        {t('actions.add-credits')}
      </Button>
    );
  }
  return (
    <Button variant="contained" component={Link} to={`/orgs/${orgId}/billing`} hash={action === 'upgrade-plan' ? 'billing-plans' : 'payment-method'}>
      {t(`actions.${action}`)}
    </Button>
  );
}
