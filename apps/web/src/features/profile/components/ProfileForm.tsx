import '../../preferences/preferences-catalog.ts';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AccountType, Profile } from '../api/profile.queries.ts';
import { useSaveProfile } from '../api/profile.mutations.ts';

interface ProfileFormValues {
  first_name: string;
  last_name: string;
  company: string;
  account_type: AccountType | '';
  /** The newsletter, as the user chose it (stored inverted: has_disabled_newsletter). */
  newsletter: boolean;
}

function toFormValues(profile: Profile): ProfileFormValues {
  return {
    first_name: profile.first_name ?? '',
    last_name: profile.last_name ?? '',
    company: profile.company ?? '',
    account_type: profile.account_type ?? '',
    newsletter: !profile.has_disabled_newsletter,
  };
}

/**
 * Accounts spec §5 Profile: first name, last name and account type required, company optional.
 * Used by the sign-up profile step and the Profile tab; `actions` renders the buttons, given
 * whether a save is running.
 */
export function ProfileForm({ profile, onSaved, actions }: { profile: Profile; onSaved: (profile: Profile) => void; actions: (saving: boolean) => ReactNode }) {
  const { t } = useTranslation('preferences');
  const { register, control, handleSubmit, formState } = useForm<ProfileFormValues>({ mode: 'onTouched', values: toFormValues(profile) });
  const mutation = useSaveProfile();
  const required = (message: string) => (value: string) => (value.trim() ? true : message);

  const submit = handleSubmit((values) => {
    // The account type is a required field: validation stops an empty one before this point.
    if (values.account_type === '') return;
    mutation.mutate(
      {
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        company: values.company.trim() || null,
        account_type: values.account_type,
        has_disabled_newsletter: !values.newsletter,
      },
      { onSuccess: onSaved },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack spacing={2}>
        {mutation.isError && <Alert severity="error">{mutation.error.message || t('profile.failed')}</Alert>}
        <TextField
          label={t('profile.firstName')}
          required
          autoComplete="given-name"
          error={Boolean(formState.errors.first_name)}
          helperText={formState.errors.first_name?.message}
          {...register('first_name', { validate: required(t('profile.firstNameRequired')) })}
        />
        <TextField
          label={t('profile.lastName')}
          required
          autoComplete="family-name"
          error={Boolean(formState.errors.last_name)}
          helperText={formState.errors.last_name?.message}
          {...register('last_name', { validate: required(t('profile.lastNameRequired')) })}
        />
        <TextField label={t('profile.company')} autoComplete="organization" {...register('company')} />
        <Controller
          name="account_type"
          control={control}
          rules={{ validate: required(t('profile.accountTypeRequired')) }}
          render={({ field, fieldState }) => (
            <FormControl required error={Boolean(fieldState.error)}>
              <FormLabel id="account-type-label">{t('profile.accountType')}</FormLabel>
              <RadioGroup row aria-labelledby="account-type-label" {...field}>
                <FormControlLabel value="personal" control={<Radio />} label={t('profile.personal')} />
                <FormControlLabel value="professional" control={<Radio />} label={t('profile.professional')} />
              </RadioGroup>
              {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
            </FormControl>
          )}
        />
        <Controller
          name="newsletter"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} slotProps={{ input: { ref: field.ref } }} />}
              label={t('profile.newsletter')}
            />
          )}
        />
        {actions(mutation.isPending)}
      </Stack>
    </form>
  );
}
