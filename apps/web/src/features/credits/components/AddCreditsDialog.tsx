import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { creditTotalCents, needsContactSales } from '@flotilla/core/billing/credits';
import { formatCents } from '@flotilla/core/billing/prices';
import { InfoList } from '../../../components/InfoList.tsx';
import { toast } from '../../../lib/toast.ts';
import { headerLinksQuery } from '../../shell/api/shell.queries.ts';
import { usePurchaseCredits } from '../api/credits.mutations.ts';
import { countParams } from '../credits-display.ts';
import { purchaseFailureText } from '../purchase-failure.ts';
import { DigitsField } from './DigitsField.tsx';

type StepIndex = 0 | 1 | 2;
const STEPS = ['choose', 'confirm', 'done'] as const;

/**
 * The Add credits dialog (accounts spec §2, §4 "Add credits steps", §5 Credits):
 * 0 choose a quantity (digits only, 0..1,500,000; Next disabled at 0) → 1 confirm (organization,
 * quantity, price per credit, total, agreement; Go back, and Pay now, which becomes Contact sales
 * at 1e8 cents or more) → 2 success, where 'Purchase more credits' starts again at 0 with 1.
 * A failed purchase is told in a toast (its error_message, or 'Failed to purchase credits') and
 * the dialog closes.
 */
export function AddCreditsDialog({
  orgId,
  organizationName,
  featureId,
  unitCents,
  initialQuantity,
  onClose,
}: {
  orgId: number;
  organizationName: string;
  featureId: number;
  unitCents: number;
  initialQuantity: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('credits');
  const titleId = useId();
  const purchase = usePurchaseCredits(orgId);
  const { data: links } = useQuery(headerLinksQuery);
  const [step, setStep] = useState<StepIndex>(0);
  const [quantity, setQuantity] = useState(initialQuantity);
  const [bought, setBought] = useState(0);
  const total = creditTotalCents(quantity, unitCents);
  const isSalesSized = needsContactSales(total);
  const busy = purchase.isPending;

  const pay = () =>
    purchase.mutate(
      { featureId, quantity },
      {
        onSuccess: (bundle) => {
          if (bundle.payment_status === 'failed') {
            toast(bundle.error_message || t('errors.failed_to_purchase'), { variant: 'error' });
            onClose();
            return;
          }
          setBought(bundle.original_quantity);
          setStep(2);
        },
        onError: (error) => {
          toast(purchaseFailureText(error), { variant: 'error' });
          onClose();
        },
      },
    );

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('dialog.title')}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 2 }}>
          {STEPS.map((name) => (
            <Step key={name}>
              <StepLabel>{t(`dialog.steps.${name}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === 0 && (
          <Box
            component="form"
            id={`${titleId}-quantity`}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (quantity > 0) setStep(1);
            }}
          >
            <DigitsField label={t('dialog.quantity')} name="credits" value={quantity} onChange={setQuantity} helperText={t('dialog.quantityHelp')} autoFocus />
          </Box>
        )}
        {step === 1 && (
          <>
            <InfoList
              items={[
                { label: t('dialog.organization'), value: organizationName },
                { label: t('dialog.quantity'), value: countParams(quantity).value },
                { label: t('dialog.pricePerCredit'), value: formatCents(unitCents) },
                { label: t('dialog.total'), value: <strong data-testid="credits-total">{formatCents(total)}</strong> },
              ]}
            />
            <DialogContentText sx={{ mt: 2 }}>{isSalesSized ? t('dialog.contactSalesText') : t('dialog.agreement')}</DialogContentText>
            {busy && (
              <Typography role="status" sx={{ mt: 1 }}>
                {t('dialog.paying')}
              </Typography>
            )}
          </>
        )}
        {step === 2 && (
          <DialogContentText role="status">{t('dialog.success', { ...countParams(bought), organization: organizationName })}</DialogContentText>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {step === 0 && (
          <>
            <Button onClick={onClose}>{t('common:cancel')}</Button>
            <Button type="submit" form={`${titleId}-quantity`} variant="contained" disabled={quantity === 0}>
              {t('dialog.next')}
            </Button>
          </>
        )}
        {step === 1 && (
          <>
            <Button onClick={() => setStep(0)} disabled={busy}>
              {t('dialog.goBack')}
            </Button>
            {isSalesSized ? (
              links?.help ? (
                <Button variant="contained" href={links.help} target="_blank" rel="noopener noreferrer">
                  {t('dialog.contactSales')}
                </Button>
              ) : (
                <Button variant="contained" disabled>
                  {t('dialog.contactSales')}
                </Button>
              )
            ) : (
              <Button variant="contained" onClick={pay} disabled={busy || quantity === 0}>
                {t('dialog.payNow')}
              </Button>
            )}
          </>
        )}
        {step === 2 && (
          <>
            <Button
              onClick={() => {
                setQuantity(1);
                purchase.reset();
                setStep(0);
              }}
            >
              {t('dialog.purchaseMore')}
            </Button>
            <Button variant="contained" onClick={onClose}>
              {t('common:close')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
