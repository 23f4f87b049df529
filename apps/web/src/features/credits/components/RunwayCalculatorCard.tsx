import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CREDIT_PROJECTION_MONTHS_MAX, CREDITS_MAX, creditRunway } from '@flotilla/core/billing/credits';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { countParams } from '../credits-display.ts';
import { PageSection } from '../../../components/PageSection.tsx';
import { DigitsField } from './DigitsField.tsx';

const DEFAULT_MONTHS = 12;

/**
 * The runway calculator (accounts spec §2, §5, §9): from the devices now, projected additional
 * devices (0..1,500,000) and months (0..120), the credits still needed beyond the balance
 * (core/billing/credits.ts creditRunway). Its Add credits is disabled when none are needed or
 * when credits cannot be bought (`canBuy`: a plan with credits and a payment method).
 */
export function RunwayCalculatorCard({
  devices,
  includedDevices,
  balance,
  canBuy,
  onAddCredits,
}: {
  devices: UseQueryResult<{ deviceCount: number }>;
  includedDevices: number;
  balance: number;
  canBuy: boolean;
  onAddCredits: (quantity: number) => void;
}) {
  const { t } = useTranslation('credits');
  const [estimated, setEstimated] = useState(0);
  const [months, setMonths] = useState(DEFAULT_MONTHS);
  return (
    <PageSection title={t('runway.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('runway.help', { included: countParams(includedDevices).value })}
      </Typography>
      <QueryState query={devices} what={t('runway.devicesNow')} loadingRows={2}>
        {({ deviceCount }) => {
          const needed = Math.min(CREDITS_MAX, creditRunway({ devicesNow: deviceCount, estimatedDevices: estimated, includedDevices, months, balance }));
          return (
            <Box>
              <Typography>
                {t('runway.devicesNow')}: <strong data-testid="runway-devices-now">{countParams(deviceCount).value}</strong>
              </Typography>
              <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', '& > *': { flex: '1 1 160px' } }}>
                <div>
                  <DigitsField label={t('runway.estimated')} name="projected-devices" value={estimated} onChange={setEstimated} max={CREDITS_MAX} helperText={t('runway.devicesHelp')} />
                </div>
                <div>
                  <DigitsField label={t('runway.months')} name="projection-months" value={months} onChange={setMonths} max={CREDIT_PROJECTION_MONTHS_MAX} helperText={t('runway.monthsHelp')} />
                </div>
              </Box>
              <Typography role="status" sx={{ my: 1 }} data-testid="runway-needed">
                {needed > 0 ? t('runway.needed', countParams(needed)) : t('runway.enough')}
              </Typography>
              <Button variant="outlined" disabled={needed === 0 || !canBuy} onClick={() => onAddCredits(needed)}>
                {needed > 0 ? t('runway.buy', countParams(needed)) : t('actions.add-credits')}
              </Button>
            </Box>
          );
        }}
      </QueryState>
    </PageSection>
  );
}
