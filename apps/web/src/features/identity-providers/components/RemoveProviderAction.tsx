import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MutationConfirmDialog } from '../../../components/MutationConfirmDialog.tsx';
import { useDeleteIdentityProvider } from '../api/identity-providers.mutations.ts';
import { samlAccountCountQuery, type IdentityProvider } from '../api/identity-providers.queries.ts';
import { ReasonedButton } from '../../../components/ReasonedButton.tsx';

/**
 * Remove the provider (accounts spec §4): impossible while accounts made through it exist
 * (`saml_account/$count` by provider, §7), otherwise after typing its SSO identifier under
 * warnings.will_permanently_delete_idp; then to /identity-provider saying idp_removed.
 * Only an administrator of the provider asks for the count (and may remove it, §6).
 */
export function RemoveProviderAction({ provider, notAdminReason }: { provider: IdentityProvider; notAdminReason: string | null }) {
  const { t } = useTranslation('identityProviders');
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const accounts = useQuery({ ...samlAccountCountQuery(provider.id), enabled: notAdminReason === null });
  const remove = useDeleteIdentityProvider();
  const count = accounts.data ?? 0;
  const reason = notAdminReason ?? (count > 0 ? t('remove.blockedByAccounts', { count }) : null);
  return (
    <>
      <ReasonedButton
        variant="outlined"
        color="error"
        startIcon={<DeleteIcon />}
        // Until the count is known the button waits; a failed count says so (the page's Retry reloads it).
        disabledReason={reason ?? (accounts.isError ? t('common:errors.generic') : accounts.data === undefined ? t('common:loading') : null)}
        onClick={() => setOpen(true)}
      >
        {t('details.remove')}
      </ReasonedButton>
      {isOpen && (
        <MutationConfirmDialog
          title={t('remove.title')}
          message={t('warnings.will_permanently_delete_idp', { ssoIdentifier: provider.sso_identifier })}
          confirmLabel={t('remove.confirm')}
          typedConfirmation={{ text: provider.sso_identifier, label: t('remove.typeToConfirm', { ssoIdentifier: provider.sso_identifier }) }}
          mutation={remove}
          run={() => remove.mutateAsync(provider.id)}
          success={t('success.idp_removed')}
          onDone={() => void navigate({ to: '/identity-provider', replace: true })}
          onClose={() => {
            remove.reset();
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
