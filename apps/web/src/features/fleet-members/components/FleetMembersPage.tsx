import '../fleet-members-catalog.ts';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/data-list/columns.ts';
import { DataList } from '../../../components/data-list/DataList.tsx';
import { useListState } from '../../../components/data-list/use-list-state.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { ErrorState } from '../../../components/states/ErrorState.tsx';
import { LoadingState } from '../../../components/states/LoadingState.tsx';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { formatDate } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useRemoveFleetMember } from '../api/fleet-members.mutations.ts';
import { fleetMemberPageQuery, fleetMemberRole, fleetMemberUsername, type FleetMemberRow } from '../api/fleet-members.queries.ts';
import { FLEET_MEMBER_LIST } from '../fleet-member-list.ts';
import { fleetMemberAbilities } from '../fleet-member-rules.ts';
import { fleetMemberErrorMessage } from '../fleet-member-errors.ts';
import { useFleetAccess } from '../hooks/use-fleet-access.ts';
import { AddFleetMemberDialog } from './AddFleetMemberDialog.tsx';
import { ChangeFleetRoleDialog } from './ChangeFleetRoleDialog.tsx';
import { FleetInvites } from './FleetInvites.tsx';
import { UnauthorizedBanner } from './UnauthorizedBanner.tsx';

const route = getRouteApi('/_app/$fleetClass/$fleetId/members');

type Dialog = { kind: 'add' } | { kind: 'role'; row: FleetMemberRow } | { kind: 'remove'; row: FleetMemberRow } | null;

/**
 * /{fleets|apps|blocks}/{id}/members (fleets spec §2 "Fleet members", §5 "Invitee", §6): the
 * paged members table with add (username, email → invite, or an organization member), role
 * change and remove, and the pending invites with revoke. What renders follows the user's
 * effective role; without resin.application.read the info banner shows instead and nothing is
 * requested. The API checks every write again.
 */
export function FleetMembersPage() {
  const { t } = useTranslation('fleetMembers');
  usePageTitle(t('pageTitle'));
  const { fleetId, applicationClass } = route.useRouteContext();
  const access = useFleetAccess(fleetId);
  const abilities = fleetMemberAbilities(access.roles);

  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('title')}
        </Typography>
      </Box>
      {access.failure ? (
        <ErrorState error={access.failure.error} onRetry={access.failure.retry} />
      ) : access.roles === null || access.organizationId === undefined ? (
        <LoadingState />
      ) : !abilities.canView ? (
        <UnauthorizedBanner message={t('unauthorized')} />
      ) : (
        <FleetMembers
          fleetId={fleetId}
          organizationId={access.organizationId}
          applicationClass={applicationClass}
          isOrganizationAdmin={access.isOrganizationAdmin}
          abilities={abilities}
        />
      )}
    </Box>
  );
}

function FleetMembers({
  fleetId,
  organizationId,
  applicationClass,
  isOrganizationAdmin,
  abilities,
}: {
  fleetId: number;
  organizationId: number;
  applicationClass: 'fleet' | 'app' | 'block';
  isOrganizationAdmin: boolean;
  abilities: ReturnType<typeof fleetMemberAbilities>;
}) {
  const { t } = useTranslation('fleetMembers');
  const navigate = route.useNavigate();
  const search = route.useSearch();
  const state = useListState(FLEET_MEMBER_LIST, search, (next) => void navigate({ search: next }));
  const { data: actor } = useQuery(whoamiQuery);
  const members = useQuery(fleetMemberPageQuery(fleetId, state.params));
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useRemoveFleetMember();
  const roleLabel = (role: string) => t(`roles.${role}`, { defaultValue: role });
  const hasActions = abilities.canChangeRole || abilities.canRemove;

  const columns: DataColumn<FleetMemberRow>[] = [
    { id: 'username', label: t('list.columns.username'), isHideable: false, minWidth: 140, render: fleetMemberUsername },
    { id: 'role', label: t('list.columns.role'), optionLabel: roleLabel, render: (row) => (fleetMemberRole(row) ? roleLabel(fleetMemberRole(row)) : '—') },
    { id: 'added', label: t('list.columns.added'), render: (row) => formatDate(row.created_at) },
  ];
  if (hasActions) {
    columns.push({
      id: 'actions',
      label: t('list.columns.actions'),
      isHideable: false,
      render: (row) => (
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          {abilities.canChangeRole && (
            <Tooltip title={t('changeRole.open', { username: fleetMemberUsername(row) })}>
              <IconButton size="small" aria-label={t('changeRole.open', { username: fleetMemberUsername(row) })} onClick={() => setDialog({ kind: 'role', row })}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {abilities.canRemove && (
            <Tooltip title={t('remove.open', { username: fleetMemberUsername(row) })}>
              <IconButton size="small" aria-label={t('remove.open', { username: fleetMemberUsername(row) })} onClick={() => setDialog({ kind: 'remove', row })}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      ),
    });
  }

  const addButton = abilities.canAdd && (
    <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setDialog({ kind: 'add' })}>
      {t('add.open')}
    </Button>
  );

  return (
    <>
      {addButton && <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>{addButton}</Box>}
      <DataList
        label={t('list.tableLabel')}
        what={t('list.what')}
        config={FLEET_MEMBER_LIST}
        columns={columns}
        state={state}
        query={members}
        getRowId={(row) => row.id}
        rowName={fleetMemberUsername}
        userKey={actor ? `${actor.actorType}-${actor.actorTypeId}` : null}
        isSelectable={false}
        empty={<EmptyState title={t('list.empty')} help={abilities.canAdd ? t('list.emptyHelp') : undefined} />}
        noMatchTitle={t('list.noMatch')}
      />

      <FleetInvites fleetId={fleetId} canRevoke={abilities.canRevokeInvite} />

      {dialog?.kind === 'add' && (
        <AddFleetMemberDialog
          fleetId={fleetId}
          organizationId={organizationId}
          applicationClass={applicationClass}
          isOrganizationAdmin={isOrganizationAdmin}
          canInvite={abilities.canInvite}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'role' && (
        <ChangeFleetRoleDialog
          membershipId={dialog.row.id}
          username={fleetMemberUsername(dialog.row)}
          currentRole={fleetMemberRole(dialog.row)}
          organizationId={organizationId}
          applicationClass={applicationClass}
          isOrganizationAdmin={isOrganizationAdmin}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'remove' && (
        <ConfirmDialog
          title={t('remove.title')}
          message={t('remove.message', { username: fleetMemberUsername(dialog.row) })}
          confirmLabel={t('remove.confirm')}
          busy={remove.isPending}
          error={remove.isError ? fleetMemberErrorMessage(remove.error, t) : null}
          onConfirm={() =>
            remove.mutate(dialog.row.id, {
              onSuccess: () => {
                notifySuccess(t('remove.removed', { username: fleetMemberUsername(dialog.row) }));
                setDialog(null);
              },
            })
          }
          onClose={() => {
            remove.reset();
            setDialog(null);
          }}
        />
      )}
    </>
  );
}
