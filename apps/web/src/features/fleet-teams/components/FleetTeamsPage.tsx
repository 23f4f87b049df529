import '../fleet-teams-catalog.ts';
import '../../fleet-members/fleet-members-catalog.ts';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_FLEET_ROLE, FLEET_ROLES } from '@flotilla/core/roles';
import type { DataColumn } from '../../../components/data-list/columns.ts';
import { DataList } from '../../../components/data-list/DataList.tsx';
import { useListState } from '../../../components/data-list/use-list-state.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { ErrorState } from '../../../components/states/ErrorState.tsx';
import { LoadingState } from '../../../components/states/LoadingState.tsx';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { cleanErrorText, notifySuccess } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { FleetRolePicker, PlanReadFailure } from '../../fleet-members/components/FleetRolePicker.tsx';
import { UnauthorizedBanner } from '../../fleet-members/components/UnauthorizedBanner.tsx';
import { useFleetAccess } from '../../fleet-members/hooks/use-fleet-access.ts';
import { useLimitedRoles } from '../../fleet-members/hooks/use-limited-roles.ts';
import { useChangeTeamAccessRole, useRemoveTeamAccess } from '../api/fleet-teams.mutations.ts';
import { fleetTeamName, fleetTeamPageQuery, fleetTeamRole, type FleetTeamRow } from '../api/fleet-teams.queries.ts';
import { FLEET_TEAM_LIST } from '../fleet-team-list.ts';
import { fleetTeamAbilities } from '../fleet-team-rules.ts';
import { AddTeamAccessDialog } from './AddTeamAccessDialog.tsx';

const route = getRouteApi('/_app/$fleetClass/$fleetId/teams');

/**
 * /{fleets|apps|blocks}/{id}/teams (fleets spec §2 "Fleet teams", "Assign teams" dialog, §6):
 * the paged table of teams with access and their role, add-to-team and remove access. Without
 * resin.application.read the info banner shows instead and nothing is requested.
 */
export function FleetTeamsPage() {
  const { t } = useTranslation('fleetTeams');
  usePageTitle(t('pageTitle'));
  const { fleetId, applicationClass } = route.useRouteContext();
  const access = useFleetAccess(fleetId);
  const abilities = fleetTeamAbilities(access.roles, access.organizationRoles);

  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      {access.failure ? (
        <ErrorState error={access.failure.error} onRetry={access.failure.retry} />
      ) : access.roles === null || access.organizationId === undefined || !access.fleet ? (
        <LoadingState />
      ) : !abilities.canView ? (
        <UnauthorizedBanner message={t('unauthorized')} />
      ) : (
        <FleetTeams
          fleetId={fleetId}
          fleetName={access.fleet.app_name}
          organizationId={access.organizationId}
          applicationClass={applicationClass}
          isOrganizationAdmin={access.isOrganizationAdmin}
          abilities={abilities}
        />
      )}
    </Box>
  );
}

function FleetTeams({
  fleetId,
  fleetName,
  organizationId,
  applicationClass,
  isOrganizationAdmin,
  abilities,
}: {
  fleetId: number;
  fleetName: string;
  organizationId: number;
  applicationClass: 'fleet' | 'app' | 'block';
  isOrganizationAdmin: boolean;
  abilities: ReturnType<typeof fleetTeamAbilities>;
}) {
  const { t } = useTranslation('fleetTeams');
  const { t: tm } = useTranslation('fleetMembers');
  const navigate = route.useNavigate();
  const search = route.useSearch();
  const state = useListState(FLEET_TEAM_LIST, search, (next) => void navigate({ search: next }));
  const { data: actor } = useQuery(whoamiQuery);
  const teams = useQuery(fleetTeamPageQuery(fleetId, state.params));
  const plan = useLimitedRoles(organizationId, abilities.canChangeRole || abilities.canAdd);
  const [isAddOpen, setAddOpen] = useState(false);
  const [removing, setRemoving] = useState<FleetTeamRow | null>(null);
  const changeRole = useChangeTeamAccessRole();
  const remove = useRemoveTeamAccess(fleetId);
  const roleLabel = (role: string) => tm(`roles.${role}`, { defaultValue: role });

  const columns: DataColumn<FleetTeamRow>[] = [
    { id: 'team', label: t('list.columns.team'), isHideable: false, minWidth: 140, render: fleetTeamName },
    {
      id: 'role',
      label: t('list.columns.role'),
      optionLabel: roleLabel,
      minWidth: 180,
      render: (row) => {
        const role = FLEET_ROLES.find((r) => r === fleetTeamRole(row));
        if (!abilities.canChangeRole || !role) return role ? roleLabel(role) : '—';
        return (
          <FleetRolePicker
            size="small"
            applicationClass={applicationClass}
            hasLimitedRoles={plan.hasLimitedRoles}
            isOrganizationAdmin={isOrganizationAdmin}
            label={t('roleOf', { team: fleetTeamName(row) })}
            value={role ?? DEFAULT_FLEET_ROLE}
            disabled={changeRole.isPending}
            onChange={(next) => {
              if (next === role) return;
              changeRole.mutate(
                { accessId: row.id, role: next },
                { onSuccess: () => notifySuccess(t('roleChanged', { team: fleetTeamName(row), role: roleLabel(next) })) },
              );
            }}
          />
        );
      },
    },
    { id: 'members', label: t('list.columns.members'), render: (row) => String(row.team[0]?.team_membership ?? 0) },
  ];
  if (abilities.canRemove) {
    columns.push({
      id: 'actions',
      label: t('list.columns.actions'),
      isHideable: false,
      render: (row) => (
        <Tooltip title={t('remove.open', { team: fleetTeamName(row) })}>
          <IconButton size="small" aria-label={t('remove.open', { team: fleetTeamName(row) })} onClick={() => setRemoving(row)}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    });
  }

  const addButton = abilities.canAdd && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAddOpen(true)}>
      {t('add.open')}
    </Button>
  );

  return (
    <>
      {addButton && <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>{addButton}</Box>}
      {/* The rows' role pickers wait for the plan: its failure says so once, above them (the add dialog says it itself). */}
      {abilities.canChangeRole && plan.failure.error != null && (
        <Box sx={{ mb: 2 }}>
          <PlanReadFailure failure={plan.failure} />
        </Box>
      )}
      <DataList
        label={t('list.tableLabel')}
        what={t('list.what')}
        config={FLEET_TEAM_LIST}
        columns={columns}
        state={state}
        query={teams}
        getRowId={(row) => row.id}
        rowName={fleetTeamName}
        userKey={actor ? `${actor.actorType}-${actor.actorTypeId}` : null}
        isSelectable={false}
        empty={<EmptyState title={t('list.empty')} />}
        noMatchTitle={t('list.noMatch')}
      />
      {isAddOpen && (
        <AddTeamAccessDialog
          fleetId={fleetId}
          organizationId={organizationId}
          applicationClass={applicationClass}
          isOrganizationAdmin={isOrganizationAdmin}
          onClose={() => setAddOpen(false)}
        />
      )}
      {removing && (
        <ConfirmDialog
          title={t('remove.title')}
          message={t('remove.message', { team: fleetTeamName(removing), name: fleetName })}
          confirmLabel={t('remove.confirm')}
          busy={remove.isPending}
          error={remove.isError ? cleanErrorText(remove.error.message) : null}
          onConfirm={() =>
            remove.mutate([removing.id], {
              onSuccess: () => {
                notifySuccess(t('remove.removed', { team: fleetTeamName(removing) }));
                setRemoving(null);
              },
            })
          }
          onClose={() => {
            remove.reset();
            setRemoving(null);
          }}
        />
      )}
    </>
  );
}
