import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isFreePlan } from '@flotilla/core/billing/plan-change';
import { devicePriceFor, dynamicDeviceUnitCents, FREE_DEVICE_ALLOWANCE, formatCents, MEMBER_COST_ORDER, MEMBER_PRICES } from '@flotilla/core/billing/prices';
import type { BillingPlanInfo } from '@flotilla/core/schemas/billing';
import { InfoList } from '../../../components/InfoList.tsx';
import { PageSection } from '../../../components/PageSection.tsx';

/** Team member pricing (accounts spec §6 "Member prices per month"): each seat role's price; a free role is unlimited. */
export function MemberPricingCard() {
  const { t } = useTranslation('billing');
  // `member` is the organization role, not a seat: the seat roles are the fleet roles.
  const roles = MEMBER_COST_ORDER.filter((role) => role !== 'member');
  return (
    <PageSection title={t('memberPricing.title')}>
      <InfoList
        items={roles.map((role) => ({
          label: t(`roles.${role}`),
          value: MEMBER_PRICES[role] === 0 ? t('memberPricing.unlimited') : t('price.perMonth', { price: formatCents(MEMBER_PRICES[role]) }),
        }))}
      />
    </PageSection>
  );
}

/**
 * Additional device pricing (accounts spec §2, §9): beyond the plan's included devices each
 * device costs the dynamic unit price less the plan's discount; the per-kind prices of the
 * plan's family; on free, the first 10 devices are free.
 */
export function DevicePricingCard({ plan }: { plan: BillingPlanInfo | undefined }) {
  const { t } = useTranslation('billing');
  const code = plan?.billing_code ?? 'free';
  const perDevice = (cents: number) => t('price.perDeviceMonth', { price: formatCents(cents) });
  return (
    <PageSection title={t('devicePricing.title')}>
      {plan && isFreePlan(code) && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('devicePricing.freeIncluded', { count: FREE_DEVICE_ALLOWANCE })}
        </Typography>
      )}
      {plan && !isFreePlan(code) && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('devicePricing.included', { count: plan.included_devices })}
        </Typography>
      )}
      <InfoList
        items={[
          { label: t('devicePricing.additional'), value: perDevice(dynamicDeviceUnitCents(plan?.discount_percentage ?? 0)) },
          { label: t('devicePricing.legacy'), value: perDevice(devicePriceFor(code, 'legacy')) },
          { label: t('devicePricing.microservices'), value: perDevice(devicePriceFor(code, 'microservices')) },
        ]}
      />
    </PageSection>
  );
}
