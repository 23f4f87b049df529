import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CancelScheduleSendIcon from '@mui/icons-material/CancelScheduleSend';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { formatDate } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useRevokeFleetInvite } from '../api/fleet-members.mutations.ts';
import { fleetInvitesQuery, type FleetInviteRow } from '../api/fleet-members.queries.ts';
import { fleetMemberErrorMessage } from '../fleet-member-errors.ts';

/** Pending invites of the fleet (fleets spec §2 "List of pending invites with revoke"): revoke for administrators. */
export function FleetInvites({ fleetId, canRevoke }: { fleetId: number; canRevoke: boolean }) {
  const { t } = useTranslation('fleetMembers');
  const invites = useQuery(fleetInvitesQuery(fleetId));
  const [revoking, setRevoking] = useState<FleetInviteRow | null>(null);
  const revoke = useRevokeFleetInvite();
  const email = (invite: FleetInviteRow) => invite.invitee[0]?.email ?? '—';

  return (
    <Box component="section" aria-labelledby="fleet-invites-title" sx={{ mt: 4 }}>
      <Typography id="fleet-invites-title" variant="h6" component="h2" gutterBottom>
        {t('invites.title')}
      </Typography>
      <QueryState
        query={invites}
        what={t('invites.what')}
        loadingRows={2}
        isEmpty={(rows) => rows.length === 0}
        empty={<Typography color="text.secondary">{t('invites.empty')}</Typography>}
      >
        {(rows) => (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={t('invites.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('invites.columns.email')}</TableCell>
                  <TableCell>{t('invites.columns.role')}</TableCell>
                  <TableCell>{t('invites.columns.invited')}</TableCell>
                  {canRevoke && <TableCell align="right">{t('invites.columns.actions')}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((invite) => {
                  const role = invite.application_membership_role[0]?.name ?? '';
                  return (
                    <TableRow key={invite.id}>
                      <TableCell sx={{ wordBreak: 'break-all' }}>{email(invite)}</TableCell>
                      <TableCell>{role ? t(`roles.${role}`, { defaultValue: role }) : '—'}</TableCell>
                      <TableCell>{formatDate(invite.created_at)}</TableCell>
                      {canRevoke && (
                        <TableCell align="right">
                          <Tooltip title={t('invites.revokeFor', { email: email(invite) })}>
                            <IconButton aria-label={t('invites.revokeFor', { email: email(invite) })} onClick={() => setRevoking(invite)}>
                              <CancelScheduleSendIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </TableCell>
                      )}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </QueryState>
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
