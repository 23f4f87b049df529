import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useLeaveOrganization } from '../api/organizations.mutations.ts';
import type { OrganizationDetail } from '../api/organizations.queries.ts';
import { organizationErrorText } from '../organization-errors.ts';

/**
 * Leave: deletes the user's own membership; the API refuses for the last administrator. The
 * shared confirmation, so Cancel, not Leave, has the initial focus.
 */
export function LeaveOrganizationDialog({
  organization,
  membershipId,
  onClose,
}: {
  organization: OrganizationDetail;
  membershipId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('organizations');
  const navigate = useNavigate();
  const mutation = useLeaveOrganization(organization.id, () => {
    notifySuccess(t('messages.left_organization', { name: organization.name }));
    onClose();
    void navigate({ to: '/orgs' });
  });

  return (
    <ConfirmDialog
      title={t('leave.title')}
      message={t('leave.warning', { name: organization.name })}
      confirmLabel={t('leave.submit')}
      busy={mutation.isPending}
      error={mutation.isError ? organizationErrorText(mutation.error) : null}
      onConfirm={() => mutation.mutate(membershipId)}
      onClose={onClose}
    />
  );
}
