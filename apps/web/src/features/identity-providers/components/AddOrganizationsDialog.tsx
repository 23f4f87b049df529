import { useState } from 'react';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { cleanErrorText, notifySuccess } from '../../../lib/notify.ts';
import { useAddIdentityProviderMemberships } from '../api/identity-providers.mutations.ts';
import { OrganizationMultiSelect } from './OrganizationMultiSelect.tsx';

/**
 * Add organizations to a provider (accounts spec §2 dialogs; §5 "only organizations not already
 * members can be added"): those the user administers on a plan with saml_access that the
 * provider does not authorize yet. One POST each (§7); success says added_idp_memberships.
 */
export function AddOrganizationsDialog({
  providerId,
  candidates,
  onClose,
}: {
  providerId: number;
  candidates: ReadonlyArray<{ id: number; name: string; handle: string }>;
  onClose: () => void;
}) {
  const { t } = useTranslation('identityProviders');
  const add = useAddIdentityProviderMemberships(providerId);
  const [orgIds, setOrgIds] = useState<number[]>([]);
  const [isSubmitted, setSubmitted] = useState(false);
  const problem = orgIds.length === 0 ? t('fields.organization_id.no_organization_selected') : undefined;
  return (
    <FormDialog
      title={t('addOrganizations.title')}
      submitLabel={t('addOrganizations.submit')}
      pending={add.isPending}
      error={add.error ? cleanErrorText(add.error.message) || t('common:errors.generic') : null}
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (problem || add.isPending) return;
        add.mutate(orgIds, {
          onSuccess: () => {
            notifySuccess(t('success.added_idp_memberships', { count: orgIds.length }));
            onClose();
          },
        });
      }}
      onClose={onClose}
    >
      {candidates.length === 0 ? (
        <Alert severity="info">{t('addOrganizations.none')}</Alert>
      ) : (
        <OrganizationMultiSelect
          label={t('addOrganizations.label')}
          options={candidates}
          value={orgIds}
          disabled={add.isPending}
          error={isSubmitted ? problem : undefined}
          onChange={setOrgIds}
        />
      )}
    </FormDialog>
  );
}
