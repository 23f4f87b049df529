import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '@flotilla/core/account-rules';
import { ORGANIZATION_ROLES, type OrganizationRoleName } from '@flotilla/core/roles';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateInvite } from '../api/invites.mutations.ts';
import { organizationRoleIdsQuery } from '../api/members.queries.ts';
import { isInviteFieldError, memberErrorMessage } from '../member-errors.ts';
import { organizationRolePriceHint } from '../member-rules.ts';

interface InviteForm {
  email: string;
  role: OrganizationRoleName;
  message: string;
}

/** Accounts spec: the organization's default member role is "not shown"; inviting as a member is the least privilege. */
const DEFAULT_INVITE_ROLE: OrganizationRoleName = 'member';

/**
 * Invite member (accounts spec §2 dialog, §5 "Invite"): email required and trimmed, a valid
 * email (fields_errors.invalid_email); role with price hints (§6); optional multi-line message.
 * Submit stays disabled while errors exist or while submitting. The server's
 * invitee_already_exist / invitee_already_invited land on the email field.
 */
export function InviteMemberDialog({ orgId, onClose }: { orgId: number; onClose: () => void }) {
  const { t } = useTranslation('members');
  const titleId = useId();
  // Read ahead so a submit finds the role ids cached; the write reads them itself if this read
  // failed (members.mutations.ts), and a failure then shows as the write's error, not a silently disabled button.
  useQuery(organizationRoleIdsQuery);
  const { register, control, handleSubmit, setError, formState } = useForm<InviteForm>({
    mode: 'onChange',
    defaultValues: { email: '', role: DEFAULT_INVITE_ROLE, message: '' },
  });
  const mutation = useCreateInvite();
  const submit = (values: InviteForm) =>
    mutation.mutate(
      { orgId, ...values },
      {
        onSuccess: () => {
          notifySuccess(t('invite.user_added', { email: values.email.trim() }));
          onClose();
        },
        onError: (error) => {
          if (isInviteFieldError(error)) setError('email', { type: 'server', message: memberErrorMessage(error, t) }, { shouldFocus: true });
        },
      },
    );
  const priceHint = (role: OrganizationRoleName) => {
    const hint = organizationRolePriceHint(role);
    return hint.kind === 'monthly' ? t('invite.priceMonthly', { price: hint.dollars }) : t('invite.priceByFleetRole');
  };
  const hasErrors = Object.keys(formState.errors).length > 0;

  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={handleSubmit(submit)}>
        <DialogTitle id={titleId}>{t('invite.title')}</DialogTitle>
        <DialogContent>
          {mutation.isError && !isInviteFieldError(mutation.error) && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {memberErrorMessage(mutation.error, t)}
            </Alert>
          )}
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              label={t('invite.email')}
              type="email"
              required
              autoFocus
              autoComplete="off"
              error={Boolean(formState.errors.email)}
              helperText={formState.errors.email?.message ?? ' '}
              {...register('email', {
                validate: (value) => {
                  const email = value.trim();
                  if (email === '') return t('invite.emailRequired');
                  return isValidEmail(email) ? true : t('serverErrors.invalid_email');
                },
              })}
            />
            <Controller
              control={control}
              name="role"
              render={({ field }) => (
                <TextField select label={t('invite.role')} {...field} helperText={priceHint(field.value)}>
                  {ORGANIZATION_ROLES.map((role) => (
                    <MenuItem key={role} value={role}>
                      {t(`roles.${role}`)} — {priceHint(role)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField label={t('invite.message')} multiline minRows={3} helperText={t('invite.messageHelp')} {...register('message')} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={mutation.isPending}>
            {t('common:cancel')}
          </Button>
          {/* Accounts spec §8: the please_fill_out_all_required_fields tooltip on the disabled submit. */}
          <Tooltip title={formState.isValid ? '' : t('please_fill_out_all_required_fields')}>
            <span>
              <Button type="submit" variant="contained" disabled={hasErrors || !formState.isValid || mutation.isPending}>
                {t('invite.submit')}
              </Button>
            </span>
          </Tooltip>
        </DialogActions>
      </form>
    </Dialog>
  );
}
