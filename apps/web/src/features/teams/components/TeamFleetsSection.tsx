import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FLEET_ROLES } from '@flotilla/core/roles';
import { ClientDataList } from '../../../components/data-list/ClientDataList.tsx';
import type { ClientListConfig } from '../../../components/data-list/client-rows.ts';
import { actionsColumn, type DataColumn } from '../../../components/data-list/columns.ts';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useChangeFleetAccessRole, useRevokeFleetAccess } from '../api/teams.mutations.ts';
import { teamAccessQuery, type TeamApplicationAccess } from '../api/teams.queries.ts';
import { AddFleetAccessDialog } from './AddFleetAccessDialog.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FleetRolePicker, PlanReadFailure } from '../../fleet-members/components/FleetRolePicker.tsx';
import { useLimitedRoles } from '../../fleet-members/hooks/use-limited-roles.ts';

/** The team fleet list's sortable, filterable fields (by column id), by fleet name as the query sorts. */
const TEAM_FLEET_LIST: ClientListConfig = {
  tableId: 'team-fleets',
  fields: {
    fleet: { kind: 'text', path: ['application', 'app_name'] },
    role: { kind: 'enum', path: 'role', options: FLEET_ROLES },
  },
  defaultSort: { field: 'fleet', direction: 'asc' },
};

/**
 * The fleets the team can reach and with which role (accounts spec §2 team fleets; fleets spec
 * §6–§7): grant access with a role, change the role, remove access. Managing needs
 * resin.team_application_access.create in the organization; the API checks each write again.
 */
export function TeamFleetsSection({ orgId, teamId, teamName }: { orgId: number; teamId: number; teamName: string }) {
  const { t } = useTranslation('teams');
  const access = useQuery(teamAccessQuery(orgId, teamId));
  const canManage = useCan('resin.team_application_access.create', { organizationId: orgId });
  const plan = useLimitedRoles(orgId, canManage);
  const [isAddOpen, setAddOpen] = useState(false);
  const [removing, setRemoving] = useState<TeamApplicationAccess | null>(null);
  const fleets = access.data?.filter((a) => a.application.is_of__class === 'fleet');
  const changeRole = useChangeFleetAccessRole();
  const revoke = useRevokeFleetAccess();
  const roleLabel = (role: string) => t(`roles.${role}`, { defaultValue: role });
  const columns: DataColumn<TeamApplicationAccess>[] = [
    {
      id: 'fleet',
      label: t('fleets.columns.fleet'),
      isHideable: false,
      minWidth: 160,
      render: (row) => (
        <Link component={RouterLink} to={`/fleets/${row.application.id}`}>
          {row.application.app_name}
        </Link>
      ),
    },
    {
      id: 'role',
      label: t('fleets.columns.role'),
      optionLabel: roleLabel,
      render: (row) =>
        canManage && row.role ? (
          <FleetRolePicker
            applicationClass="fleet"
            hasLimitedRoles={plan.hasLimitedRoles}
            isOrganizationAdmin
            size="small"
            label={t('fleets.roleOf', { fleet: row.application.app_name })}
            value={row.role}
            disabled={changeRole.isPending}
            onChange={(role) => {
              if (role === row.role) return;
              changeRole.mutate(
                { accessId: row.id, role },
                { onSuccess: () => notifySuccess(t('fleets.roleChanged', { fleet: row.application.app_name, role: t(`roles.${role}`) })) },
              );
            }}
          />
        ) : row.role ? (
          roleLabel(row.role)
        ) : (
          '—'
        ),
    },
    ...(canManage
      ? [
          actionsColumn<TeamApplicationAccess>(t('fleets.columns.actions'), (row) => (
            <Tooltip title={t('fleets.remove', { fleet: row.application.app_name })}>
              <IconButton size="small" aria-label={t('fleets.remove', { fleet: row.application.app_name })} onClick={() => setRemoving(row)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )),
        ]
      : []),
  ];

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('fleets.title')}
        </Typography>
        {canManage && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAddOpen(true)} disabled={!access.data}>
            {t('fleets.add')}
          </Button>
        )}
      </Box>
      {/* The rows' role pickers wait for the plan: its failure says so once, above them (the add dialog says it itself). */}
      {canManage && plan.failure.error != null && (
        <Box sx={{ mb: 2 }}>
          <PlanReadFailure failure={plan.failure} />
        </Box>
      )}
      <ClientDataList
        label={t('fleets.title')}
        what={t('fleets.what')}
        config={TEAM_FLEET_LIST}
        columns={columns}
        query={{ data: fleets, error: access.error, refetch: access.refetch }}
        getRowId={(row) => row.id}
        rowName={(row) => row.application.app_name}
        empty={<EmptyState title={t('fleets.empty')} />}
        noMatchTitle={t('fleets.noMatch')}
      />
      {isAddOpen && access.data && <AddFleetAccessDialog orgId={orgId} teamId={teamId} granted={access.data} onClose={() => setAddOpen(false)} />}
      {removing && (
        <ConfirmDialog
          title={t('fleets.removeTitle')}
          message={t('fleets.removeMessage', { team: teamName, fleet: removing.application.app_name })}
          confirmLabel={t('fleets.removeConfirm')}
          busy={revoke.isPending}
          onConfirm={() =>
            revoke.mutate(removing.id, {
              onSuccess: () => {
                notifySuccess(t('fleets.accessRemoved', { fleet: removing.application.app_name }));
                setRemoving(null);
              },
            })
          }
          onClose={() => setRemoving(null)}
        />
      )}
    </Box>
  );
}
