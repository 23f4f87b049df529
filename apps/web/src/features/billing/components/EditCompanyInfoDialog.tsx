import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validateEmail } from '@flotilla/core/account-rules';
import { TAX_ID_TYPES } from '@flotilla/core/billing/tax-ids';
import type { BillingAccountInfo } from '@flotilla/core/schemas/billing';
import { notifySuccess } from '../../../lib/notify.ts';
import { useUpdateBillingAccount } from '../api/billing.mutations.ts';
import { billingErrorCode, billingErrorText } from '../billing-errors.ts';
import { ADDRESS_FIELDS, companyInfoBody, companyInfoValues, isTaxIdValueValid, type CompanyInfoValues } from '../company-info-form.ts';

/**
 * Edit company info (accounts spec §5 "Company info", §8 updated_billing_account_info): email
 * required; a tax id is checked against its type's format only when both type and value are
 * set (fields_errors.invalid_tax_id), and sent as null when either is missing.
 */
export function EditCompanyInfoDialog({ orgId, account, fallbackEmail, onClose }: { orgId: number; account: BillingAccountInfo | null; fallbackEmail: string; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const titleId = useId();
  const { register, control, handleSubmit, formState, setError, trigger } = useForm<CompanyInfoValues>({
    mode: 'onTouched',
    defaultValues: companyInfoValues(account, fallbackEmail),
  });
  const mutation = useUpdateBillingAccount(orgId);
  const invalidTaxId = t('fields_errors.invalid_tax_id');
  const taxIdEntry = useWatch({ control, name: 'taxIdEntry' });
  const entry = TAX_ID_TYPES.find((candidate) => candidate.id === taxIdEntry);

  const save = (values: CompanyInfoValues) =>
    mutation.mutate(companyInfoBody(values), {
      onSuccess: () => {
        notifySuccess(t('messages.updated_billing_account_info'));
        onClose();
      },
      onError: (error) => {
        if (billingErrorCode(error) === 'invalid_tax_id') setError('taxIdValue', { message: invalidTaxId }, { shouldFocus: true });
      },
    });
  const submitError = mutation.isError && billingErrorCode(mutation.error) !== 'invalid_tax_id' ? billingErrorText(mutation.error) : null;
  const field = (name: keyof CompanyInfoValues) => ({ error: Boolean(formState.errors[name]), helperText: formState.errors[name]?.message });

  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form noValidate onSubmit={(event) => void handleSubmit(save)(event)}>
        <DialogTitle id={titleId}>{t('account.editTitle')}</DialogTitle>
        <DialogContent>
          {submitError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {submitError}
            </Alert>
          )}
          <Grid container spacing={2} sx={{ mt: 0.5 }}>
            <Grid size={12}>
              <TextField
                label={t('account.email')}
                type="email"
                required
                fullWidth
                autoFocus
                autoComplete="email"
                {...field('email')}
                {...register('email', { validate: (value) => (validateEmail(value) === null ? true : t(value.trim() === '' ? 'fields_errors.required' : 'fields_errors.invalid_email')) })}
              />
            </Grid>
            <Grid size={12}>
              <TextField label={t('account.companyName')} fullWidth autoComplete="organization" {...register('company_name')} />
            </Grid>
            {ADDRESS_FIELDS.map((name) => (
              <Grid key={name} size={{ xs: 12, sm: name === 'address1' || name === 'address2' ? 12 : 6 }}>
                <TextField label={t(`account.address.${name}`)} fullWidth autoComplete={AUTOCOMPLETE[name]} {...register(name)} />
              </Grid>
            ))}
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                select
                label={t('account.taxIdType')}
                fullWidth
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                {...register('taxIdEntry', { onChange: () => void (formState.touchedFields.taxIdValue && trigger('taxIdValue')) })}
              >
                <option value="">{t('account.taxIdNone')}</option>
                {TAX_ID_TYPES.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.label}
                  </option>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={t('account.taxIdValue')}
                fullWidth
                error={Boolean(formState.errors.taxIdValue)}
                helperText={formState.errors.taxIdValue?.message ?? (entry ? t('account.taxIdExample', { example: entry.description }) : undefined)}
                {...register('taxIdValue', { validate: (value, values) => (isTaxIdValueValid(values.taxIdEntry, value) ? true : invalidTaxId) })}
              />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={mutation.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {t('account.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

const AUTOCOMPLETE: Record<(typeof ADDRESS_FIELDS)[number], string> = {
  address1: 'address-line1',
  address2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  zip: 'postal-code',
  country: 'country-name',
  phone: 'tel',
};
