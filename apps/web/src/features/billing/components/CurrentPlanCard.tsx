import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isFreePlan } from '@flotilla/core/billing/plan-change';
import { formatCents, priceForCycle } from '@flotilla/core/billing/prices';
import type { BillingPlanInfo } from '@flotilla/core/schemas/billing';
import { InfoList } from '../../../components/InfoList.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { formatDate } from '../../../lib/format.ts';
import { PageSection } from '../../../components/PageSection.tsx';

/**
 * The current plan (accounts spec §2): title, cycle, price, support tier, the next bill unless
 * on free, and the add-ons only when there are any.
 */
export function CurrentPlanCard({ plan }: { plan: UseQueryResult<BillingPlanInfo> }) {
  const { t } = useTranslation('billing');
  return (
    <PageSection title={t('plan.title')}>
      <QueryState query={plan} what={t('plan.what')} loadingRows={4}>
        {(current) => <PlanDetails plan={current} />}
      </QueryState>
    </PageSection>
  );
}

function PlanDetails({ plan }: { plan: BillingPlanInfo }) {
  const { t } = useTranslation('billing');
  const price = priceForCycle(plan, plan.cycle);
  const items = [
    { label: t('plan.name'), value: plan.title },
    { label: t('plan.cycle'), value: t(`cycle.${plan.cycle}`) },
    {
      label: t('plan.price'),
      value: plan.is_custom ? t('plan.customPrice') : t(plan.cycle === 'annual' ? 'price.perYear' : 'price.perMonth', { price: formatCents(price) }),
    },
    { label: t('plan.support'), value: plan.support.title },
  ];
  if (plan.discount_percentage > 0) items.push({ label: t('plan.discount'), value: t('plan.discountValue', { percent: plan.discount_percentage }) });
  if (!isFreePlan(plan.billing_code)) {
    items.push({
      label: t('plan.nextBill'),
      value: plan.nextBill ? t('plan.nextBillValue', { date: formatDate(plan.nextBill.date), total: formatCents(plan.nextBill.totalCents) }) : t('plan.noNextBill'),
    });
  }
  return (
    <>
      <InfoList items={items} />
      {plan.addOns.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3">
            {t('plan.addOns')}
          </Typography>
          <List dense disablePadding>
            {plan.addOns.map((addOn) => (
              <ListItem key={addOn.feature_slug} disableGutters>
                <ListItemText
                  primary={t('plan.addOnLine', { title: addOn.title, quantity: addOn.quantity })}
                  secondary={addOn.bills_dynamically ? t('plan.addOnDynamic') : t('price.perMonth', { price: formatCents(addOn.base_price) })}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </>
  );
}
