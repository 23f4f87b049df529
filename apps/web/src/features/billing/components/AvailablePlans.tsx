import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PlanChangeKind } from '@flotilla/core/billing/plan-change';
import { formatCents, type BillingCycle } from '@flotilla/core/billing/prices';
import type { BillingPlanInfo, BillingPlanListItem } from '@flotilla/core/schemas/billing';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { headerLinksQuery } from '../../shell/api/shell.queries.ts';
import { displayedMonthlyPrice, planChangeKind, targetCycle } from '../plan-options.ts';
import { PageSection } from '../../../components/PageSection.tsx';

export interface PlanChoice {
  target: BillingPlanListItem;
  cycle: BillingCycle;
  kind: PlanChangeKind;
}

/**
 * Available plans (accounts spec §2 #billing-plans, §4 "Plan change"): a monthly/annual switch
 * (annual prices shown per month, annual / 12) and each plan's action from the core
 * classification; choosing one hands the change to the page (`onChoose`), which asks for a
 * payment method, the bank-debit terms and the confirmation as needed.
 */
export function AvailablePlans({
  plans,
  current,
  devices,
  onChoose,
}: {
  plans: UseQueryResult<BillingPlanListItem[]>;
  current: BillingPlanInfo;
  devices: { deviceCount: number; frozenDevices: number } | null;
  onChoose: (choice: PlanChoice) => void;
}) {
  const { t } = useTranslation('billing');
  const [cycle, setCycle] = useState<BillingCycle>(current.cycle);
  return (
    <PageSection
      id="billing-plans"
      title={t('plans.title')}
      actions={
        <FormControlLabel
          control={<Switch checked={cycle === 'annual'} onChange={(event) => setCycle(event.target.checked ? 'annual' : 'monthly')} />}
          label={t('plans.annualSwitch')}
        />
      }
    >
      <QueryState
        query={plans}
        what={t('plans.what')}
        loadingRows={3}
        isEmpty={(rows) => rows.length === 0}
        empty={<Typography color="text.secondary">{t('plans.empty')}</Typography>}
      >
        {(rows) => (
          <Grid container spacing={2}>
            {rows.map((plan) => (
              <Grid key={plan.billing_code} size={{ xs: 12, sm: 6, lg: 3 }}>
                <PlanOption plan={plan} cycle={targetCycle(plan, cycle)} kind={planChangeKind(current, plan, cycle, devices)} onChoose={onChoose} />
              </Grid>
            ))}
          </Grid>
        )}
      </QueryState>
    </PageSection>
  );
}

function PlanOption({ plan, cycle, kind, onChoose }: { plan: BillingPlanListItem; cycle: BillingCycle; kind: PlanChangeKind; onChoose: (choice: PlanChoice) => void }) {
  const { t } = useTranslation('billing');
  const titleId = useId();
  const { data: links } = useQuery(headerLinksQuery);
  const monthly = displayedMonthlyPrice(plan, cycle);
  const actionText = kind === 'cycle-change' ? t(`plans.actions.switchTo.${cycle}`) : t(`plans.actions.${kind}`);
  return (
    <Paper variant="outlined" component="article" aria-labelledby={titleId} data-plan={plan.billing_code} tabIndex={-1} sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', ...(kind === 'no-change' ? { borderColor: 'primary.main', borderWidth: 2 } : {}) }}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {plan.title}
      </Typography>
      <Typography variant="h6" component="p">
        {t('price.perMonth', { price: formatCents(monthly) })}
      </Typography>
      {cycle === 'annual' && plan.annual_price > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('plans.billedAnnually', { price: formatCents(plan.annual_price) })}
        </Typography>
      )}
      <List dense disablePadding sx={{ my: 1, flexGrow: 1 }}>
        <ListItem disableGutters>{t('plans.includedDevices', { count: plan.included_devices })}</ListItem>
        {/* The device allowance is the line above. */}
        {plan.features
          .filter((feature) => feature.slug !== 'device:any')
          .map((feature) => (
            <ListItem key={feature.slug} disableGutters>
              {feature.quantity > 1 ? t('plans.featureQuantity', { title: feature.title, quantity: feature.quantity }) : feature.title}
            </ListItem>
          ))}
      </List>
      <Box>
        {kind === 'no-change' ? (
          <Button variant="outlined" disabled fullWidth>
            {t('plans.actions.current')}
          </Button>
        ) : kind === 'contact-sales' ? (
          links?.help ? (
            <Button variant="outlined" fullWidth href={links.help} target="_blank" rel="noopener noreferrer" aria-label={t('plans.actionLabel', { action: t('plans.actions.contact-sales'), plan: plan.title })}>
              {t('plans.actions.contact-sales')}
            </Button>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('plans.contactSalesText')}
            </Typography>
          )
        ) : (
          <Button
            variant={kind === 'upgrade' ? 'contained' : 'outlined'}
            fullWidth
            onClick={() => onChoose({ target: plan, cycle, kind })}
            aria-label={t('plans.actionLabel', { action: actionText, plan: plan.title })}
          >
            {actionText}
          </Button>
        )}
      </Box>
    </Paper>
  );
}
