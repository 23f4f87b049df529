import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http.ts';
import type { NewAccessToken } from '../api/access-tokens.requests.ts';
import { useCreateAccessToken } from '../api/access-tokens.mutations.ts';
import { EXPIRY_CHOICES, dateTimeLocalValue, resolveExpiry, type ExpiryChoice } from '../token-expiry.ts';
import { ReverifyDialog } from './ReverifyDialog.tsx';

interface CreateTokenForm {
  name: string;
  description: string;
  expiry: ExpiryChoice;
  customDate: string;
}

/** Accounts spec §5 API key: name and expiry required; presets, custom (not past) or never (warning). */
export function CreateTokenDialog({ onCreated, onClose }: { onCreated: (key: string) => void; onClose: () => void }) {
  const { t } = useTranslation('preferences');
  const [pending, setPending] = useState<NewAccessToken | null>(null);
  const { register, handleSubmit, formState, control } = useForm<CreateTokenForm>({
    mode: 'onTouched',
    defaultValues: { name: '', description: '', expiry: '30', customDate: '' },
  });
  const expiry = useWatch({ control, name: 'expiry' });
  const mutation = useCreateAccessToken();
  const create = (body: NewAccessToken) => mutation.mutate(body, { onSuccess: onCreated });
  const needsReverify = mutation.error instanceof ApiError && mutation.error.code === 'recent_auth_required';

  const submit = handleSubmit((values) => {
    const resolved = resolveExpiry(values.expiry, values.customDate);
    if (!resolved.ok) return;
    const body = { name: values.name.trim(), description: values.description.trim() || null, expiryDate: resolved.expiryDate };
    setPending(body);
    create(body);
  });

  if (needsReverify && pending) {
    return <ReverifyDialog onClose={onClose} onVerified={() => create(pending)} />;
  }

  const expiryLabel = (choice: ExpiryChoice) =>
    choice === 'custom' ? t('accessTokens.expiryCustom') : choice === 'never' ? t('accessTokens.expiryNever') : t('accessTokens.expiryDays', { count: Number(choice) });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="create-token-title">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="create-token-title">{t('accessTokens.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {mutation.isError && !needsReverify && <Alert severity="error">{mutation.error.message}</Alert>}
            <TextField
              label={t('accessTokens.name')}
              required
              autoFocus
              error={Boolean(formState.errors.name)}
              helperText={formState.errors.name?.message}
              {...register('name', { validate: (v) => (v.trim() ? true : t('accessTokens.nameRequired')) })}
            />
            <TextField label={t('accessTokens.description')} multiline minRows={2} {...register('description')} />
            <TextField select label={t('accessTokens.expiry')} required defaultValue="30" {...register('expiry')}>
              {EXPIRY_CHOICES.map((choice) => (
                <MenuItem key={choice} value={choice}>
                  {expiryLabel(choice)}
                </MenuItem>
              ))}
            </TextField>
            {expiry === 'custom' && (
              <TextField
                label={t('accessTokens.customDate')}
                type="datetime-local"
                required
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: dateTimeLocalValue() } }}
                error={Boolean(formState.errors.customDate)}
                helperText={formState.errors.customDate?.message}
                {...register('customDate', {
                  validate: (v) => {
                    const resolved = resolveExpiry('custom', v);
                    return resolved.ok ? true : t(`accessTokens.${resolved.error}`);
                  },
                })}
              />
            )}
            {expiry === 'never' && <Alert severity="warning">{t('accessTokens.neverWarning')}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {t('accessTokens.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
