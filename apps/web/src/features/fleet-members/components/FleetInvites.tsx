import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CancelScheduleSendIcon from '@mui/icons-material/CancelScheduleSend';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FLEET_ROLES } from '@flotilla/core/roles';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ClientDataList } from '../../../components/data-list/ClientDataList.tsx';
import type { ClientListConfig } from '../../../components/data-list/client-rows.ts';
import { actionsColumn, type DataColumn } from '../../../components/data-list/columns.ts';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { formatDate } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useRevokeFleetInvite } from '../api/fleet-members.mutations.ts';
import { fleetInvitesQuery, type FleetInviteRow } from '../api/fleet-members.queries.ts';
import { fleetMemberErrorMessage } from '../fleet-member-errors.ts';

/** The fleet invite list's sortable, filterable fields (by column id), newest first as the API answers. */
const FLEET_INVITE_LIST: ClientListConfig = {
  tableId: 'fleet-invites',
  fields: {
    email: { kind: 'text', path: ['invitee', 'email'] },
    role: { kind: 'enum', path: ['application_membership_role', 'name'], options: FLEET_ROLES },
    invited: { kind: 'date', path: 'created_at' },
  },
  defaultSort: { field: 'invited', direction: 'desc' },
};

/** Pending invites of the fleet (fleets spec §2 "List of pending invites with revoke"): revoke for administrators. */
export function FleetInvites({ fleetId, canRevoke }: { fleetId: number; canRevoke: boolean }) {
  const { t } = useTranslation('fleetMembers');
  const invites = useQuery(fleetInvitesQuery(fleetId));
  const [revoking, setRevoking] = useState<FleetInviteRow | null>(null);
  const revoke = useRevokeFleetInvite();
  const email = (invite: FleetInviteRow) => invite.invitee[0]?.email ?? '—';
  const roleLabel = (role: string) => t(`roles.${role}`, { defaultValue: role });
  const columns: DataColumn<FleetInviteRow>[] = [
    { id: 'email', label: t('invites.columns.email'), isHideable: false, minWidth: 160, render: email },
    {
      id: 'role',
      label: t('invites.columns.role'),
      optionLabel: roleLabel,
      render: (invite) => {
        const role = invite.application_membership_role[0]?.name;
        return role ? roleLabel(role) : '—';
      },
    },
    { id: 'invited', label: t('invites.columns.invited'), render: (invite) => formatDate(invite.created_at) },
  ];
  if (canRevoke) {
    columns.push(
      actionsColumn(t('invites.columns.actions'), (invite) => (
        <Tooltip title={t('invites.revokeFor', { email: email(invite) })}>
          <IconButton aria-label={t('invites.revokeFor', { email: email(invite) })} onClick={() => setRevoking(invite)}>
            <CancelScheduleSendIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )),
    );
  }

  return (
    <Box component="section" aria-labelledby="fleet-invites-title" sx={{ mt: 4 }}>
      <Typography id="fleet-invites-title" variant="h6" component="h2" gutterBottom>
        {t('invites.title')}
      </Typography>
      <ClientDataList
        label={t('invites.title')}
        what={t('invites.what')}
        config={FLEET_INVITE_LIST}
        columns={columns}
        query={invites}
        getRowId={(invite) => invite.id}
        rowName={email}
        empty={<EmptyState title={t('invites.empty')} />}
      />
      {revoking && (
        <ConfirmDialog
          title={t('invites.revokeTitle')}
          message={t('invites.revokeConfirm', { email: email(revoking) })}
          confirmLabel={t('invites.revokeSubmit')}
          busy={revoke.isPending}
          error={revoke.isError ? fleetMemberErrorMessage(revoke.error, t) : null}
          onConfirm={() =>
            revoke.mutate(revoking.id, {
              onSuccess: () => {
                notifySuccess(t('invites.revoked'));
                setRevoking(null);
              },
            })
          }
          onClose={() => {
            revoke.reset();
            setRevoking(null);
          }}
        />
      )}
    </Box>
  );
}
