import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CancelScheduleSendIcon from '@mui/icons-material/CancelScheduleSend';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORGANIZATION_ROLES } from '@flotilla/core/roles';
import { ClientDataList } from '../../../components/data-list/ClientDataList.tsx';
import type { ClientListConfig } from '../../../components/data-list/client-rows.ts';
import { actionsColumn, type DataColumn } from '../../../components/data-list/columns.ts';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { formatDate } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useRevokeInvite } from '../api/invites.mutations.ts';
import { pendingInvitesQuery, type InviteRow } from '../api/invites.queries.ts';
import { memberErrorMessage } from '../member-errors.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';

/** The invite list's sortable, filterable fields (by column id), newest first as the API answers. */
const INVITE_LIST: ClientListConfig = {
  tableId: 'org-invites',
  fields: {
    email: { kind: 'text', path: ['invitee', 'email'] },
    role: { kind: 'enum', path: ['organization_membership_role', 'name'], options: ORGANIZATION_ROLES },
    invited: { kind: 'date', path: 'created_at' },
  },
  defaultSort: { field: 'invited', direction: 'desc' },
};

/** Pending invites of the organization (email, role, invited date) with revoke; administrators only. */
export function PendingInvites({ orgId }: { orgId: number }) {
  const { t } = useTranslation('members');
  const invites = useQuery(pendingInvitesQuery(orgId));
  const [revoking, setRevoking] = useState<InviteRow | null>(null);
  const revoke = useRevokeInvite();
  const confirmRevoke = (invite: InviteRow) =>
    revoke.mutate(invite.id, {
      onSuccess: () => {
        notifySuccess(t('invites.revoked'));
        setRevoking(null);
      },
    });
  const email = (invite: InviteRow) => invite.invitee[0]?.email ?? '—';
  const roleLabel = (role: string) => t(`roles.${role}`, { defaultValue: role });
  const columns: DataColumn<InviteRow>[] = [
    { id: 'email', label: t('invites.columns.email'), isHideable: false, minWidth: 160, render: email },
    {
      id: 'role',
      label: t('invites.columns.role'),
      optionLabel: roleLabel,
      render: (invite) => {
        const role = invite.organization_membership_role[0]?.name;
        return role ? roleLabel(role) : '—';
      },
    },
    { id: 'invited', label: t('invites.columns.invited'), render: (invite) => formatDate(invite.created_at) },
    actionsColumn(t('invites.columns.actions'), (invite) => (
      <Tooltip title={t('invites.revoke')}>
        <IconButton aria-label={t('invites.revokeFor', { email: email(invite) })} onClick={() => setRevoking(invite)}>
          <CancelScheduleSendIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    )),
  ];

  return (
    <Box component="section" aria-labelledby="pending-invites-title" sx={{ mt: 4 }}>
      <Typography id="pending-invites-title" variant="h6" component="h2" gutterBottom>
        {t('invites.title')}
      </Typography>
      {/* A failed load is an error with Retry, not "No pending invites" (it used to be). */}
      <ClientDataList
        label={t('invites.title')}
        what={t('invites.what')}
        config={INVITE_LIST}
        columns={columns}
        query={invites}
        getRowId={(invite) => invite.id}
        rowName={email}
        empty={<EmptyState title={t('invites.empty')} />}
        noMatchTitle={t('invites.noMatch')}
      />
      {revoking && (
        <ConfirmDialog
          title={t('invites.revokeTitle')}
          message={t('invites.revokeConfirm', { email: email(revoking) })}
          confirmLabel={t('invites.revokeSubmit')}
          busy={revoke.isPending}
          error={revoke.isError ? memberErrorMessage(revoke.error, t) : null}
          onConfirm={() => confirmRevoke(revoking)}
          onClose={() => {
            revoke.reset();
            setRevoking(null);
          }}
        />
      )}
    </Box>
  );
}
