import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CancelScheduleSendIcon from '@mui/icons-material/CancelScheduleSend';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { formatDate } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useRevokeInvite } from '../api/invites.mutations.ts';
import { pendingInvitesQuery, type InviteRow } from '../api/invites.queries.ts';
import { memberErrorMessage } from '../member-errors.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';

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

  return (
    <Box component="section" aria-labelledby="pending-invites-title" sx={{ mt: 4 }}>
      <Typography id="pending-invites-title" variant="h6" component="h2" gutterBottom>
        {t('invites.title')}
      </Typography>
      {/* A failed load is an error with Retry, not "No pending invites" (it used to be). */}
      <QueryState
        query={invites}
        what={t('invites.what')}
        loadingRows={2}
        isEmpty={(rows) => rows.length === 0}
        empty={<Typography color="text.secondary">{t('invites.empty')}</Typography>}
      >
        {(rows) => (
          <Paper variant="outlined">
            <Table size="small" aria-label={t('invites.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('invites.columns.email')}</TableCell>
                  <TableCell>{t('invites.columns.role')}</TableCell>
                  <TableCell>{t('invites.columns.invited')}</TableCell>
                  <TableCell align="right">{t('invites.columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((invite) => {
                  const role = invite.organization_membership_role[0]?.name ?? '';
                  return (
                    <TableRow key={invite.id}>
                      <TableCell>{email(invite)}</TableCell>
                      <TableCell>{role ? t(`roles.${role}`, { defaultValue: role }) : '—'}</TableCell>
                      <TableCell>{formatDate(invite.created_at)}</TableCell>
                      <TableCell align="right">
                        <Tooltip title={t('invites.revoke')}>
                          <IconButton aria-label={t('invites.revokeFor', { email: email(invite) })} onClick={() => setRevoking(invite)}>
                            <CancelScheduleSendIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Paper>
        )}
      </QueryState>
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
