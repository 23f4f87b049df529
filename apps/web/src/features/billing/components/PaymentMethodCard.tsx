import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasBillingInfo, type BillingInfo } from '@flotilla/core/schemas/billing';
import { MutationConfirmDialog } from '../../../components/MutationConfirmDialog.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { useRemovePaymentMethod } from '../api/billing.mutations.ts';
import { billingInfoQuery } from '../api/billing.queries.ts';
import { PageSection } from '../../../components/PageSection.tsx';

/**
 * The payment method (accounts spec §2 #payment-method, §3 "Billing info"): the card's brand,
 * last four digits and expiry, or the bank account's kind; Add or Change opens the payment
 * dialog (`onAddOrChange`); Remove asks first, and the server's refusal (a paid plan needs a
 * method) is shown in that confirmation.
 */
export function PaymentMethodCard({ orgId, onAddOrChange }: { orgId: number; onAddOrChange: () => void }) {
  const { t } = useTranslation('billing');
  const info = useQuery(billingInfoQuery(orgId));
  const remove = useRemovePaymentMethod(orgId);
  const [isRemoving, setIsRemoving] = useState(false);
  const method = info.data && hasBillingInfo(info.data) ? info.data : null;
  return (
    <PageSection id="payment-method" title={t('payment.title')}>
      <QueryState query={info} what={t('payment.what')} loadingRows={2}>
        {() => (
          <>
            {method ? <MethodSummary method={method} /> : <Typography color="text.secondary">{t('payment.none')}</Typography>}
            <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
              <Button variant="outlined" size="small" onClick={onAddOrChange}>
                {method ? t('payment.change') : t('payment.add')}
              </Button>
              {method && (
                <Button
                  variant="outlined"
                  size="small"
                  color="error"
                  onClick={() => {
                    remove.reset();
                    setIsRemoving(true);
                  }}
                >
                  {t('payment.remove')}
                </Button>
              )}
            </Stack>
          </>
        )}
      </QueryState>
      {isRemoving && (
        <MutationConfirmDialog
          title={t('payment.removeTitle')}
          message={t('payment.removeMessage')}
          confirmLabel={t('payment.remove')}
          mutation={remove}
          run={() => remove.mutateAsync()}
          success={t('messages.payment_method_removed')}
          onClose={() => setIsRemoving(false)}
        />
      )}
    </PageSection>
  );
}

function MethodSummary({ method }: { method: BillingInfo }) {
  const { t } = useTranslation('billing');
  const isCard = method.type === 'card' || method.type === 'credit_card';
  const name = isCard && method.card_type ? t(`payment.brands.${method.card_type}`) : t(`payment.types.${method.type}`);
  return (
    <Stack spacing={0.5} data-testid="payment-method-summary">
      <Typography>{method.last_four ? t('payment.endingIn', { name, lastFour: method.last_four }) : name}</Typography>
      {isCard && method.month !== null && method.year !== null && (
        <Typography variant="body2" color="text.secondary">
          {t('payment.expires', { month: String(method.month).padStart(2, '0'), year: method.year })}
        </Typography>
      )}
      {method.routing_number && (
        <Typography variant="body2" color="text.secondary">
          {t('payment.routing', { routingNumber: method.routing_number })}
        </Typography>
      )}
    </Stack>
  );
}
