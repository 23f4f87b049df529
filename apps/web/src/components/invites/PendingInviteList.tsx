import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CancelScheduleSendIcon from '@mui/icons-material/CancelScheduleSend';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { ClientDataList } from '../data-list/ClientDataList.tsx';
import type { ClientListConfig } from '../data-list/client-rows.ts';
import { actionsColumn, type DataColumn } from '../data-list/columns.ts';
import { EmptyState } from '../states/EmptyState.tsx';
import { formatDate } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';

/** What every invite list row carries: the invitee's email and when it was sent. */
export interface InviteListRow {
  id: number;
  created_at: string;
  invitee: ReadonlyArray<{ email: string }>;
}

/**
 * The pending invites of an organization or a fleet (email, role, invited date) with revoke for
 * those who may. Both lists read their words from their own namespace under the same `invites.*`
 * and `roles.*` keys, so the wording of each stays its own while the behaviour is written once.
 */
export function PendingInviteList<Row extends InviteListRow>({
  namespace,
  tableId,
  roleField,
  roles,
  roleOf,
  query,
  revoke,
  errorMessage,
}: {
  namespace: string;
  tableId: string;
  /** The role's expanded navigation, for sorting and filtering (e.g. `organization_membership_role`). */
  roleField: string;
  roles: readonly string[];
  roleOf: (row: Row) => string | undefined;
  query: UseQueryResult<Row[]>;
  /** Absent for those who may not revoke: no actions column. */
  revoke?: UseMutationResult<unknown, Error, number>;
  errorMessage: (error: unknown, t: TFunction) => string;
}) {
  const { t } = useTranslation(namespace);
  const titleId = useId();
  const [revoking, setRevoking] = useState<Row | null>(null);
  const config: ClientListConfig = {
    tableId,
    fields: {
      email: { kind: 'text', path: ['invitee', 'email'] },
      role: { kind: 'enum', path: [roleField, 'name'], options: roles },
      invited: { kind: 'date', path: 'created_at' },
    },
    defaultSort: { field: 'invited', direction: 'desc' },
  };
  const email = (invite: Row) => invite.invitee[0]?.email ?? '—';
  const roleLabel = (role: string) => t(`roles.${role}`, { defaultValue: role });
  const columns: DataColumn<Row>[] = [
    { id: 'email', label: t('invites.columns.email'), isHideable: false, minWidth: 160, render: email },
    {
      id: 'role',
      label: t('invites.columns.role'),
      optionLabel: roleLabel,
      render: (invite) => {
        const role = roleOf(invite);
        return role ? roleLabel(role) : '—';
      },
    },
    { id: 'invited', label: t('invites.columns.invited'), render: (invite) => formatDate(invite.created_at) },
  ];
  if (revoke) {
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
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 4 }}>
      <Typography id={titleId} variant="h6" component="h2" gutterBottom>
        {t('invites.title')}
      </Typography>
      {/* A failed load is an error with Retry, never "No pending invites". */}
      <ClientDataList
        label={t('invites.title')}
        what={t('invites.what')}
        config={config}
        columns={columns}
        query={query}
        getRowId={(invite) => invite.id}
        rowName={email}
        empty={<EmptyState title={t('invites.empty')} />}
        noMatchTitle={t('invites.noMatch')}
      />
      {revoke && revoking && (
        <ConfirmDialog
          title={t('invites.revokeTitle')}
          message={t('invites.revokeConfirm', { email: email(revoking) })}
          confirmLabel={t('invites.revokeSubmit')}
          busy={revoke.isPending}
          error={revoke.isError ? errorMessage(revoke.error, t) : null}
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
