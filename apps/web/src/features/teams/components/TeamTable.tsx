import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import EditIcon from '@mui/icons-material/Edit';
import { Link as RouterLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../components/data-list/columns.ts';
import { DataList, type DataListProps } from '../../../components/data-list/DataList.tsx';
import { formatDate } from '../../../lib/format.ts';
import type { TeamListItem } from '../api/teams.queries.ts';
import { TEAM_LIST } from '../team-list.ts';

/**
 * The organization's teams in the product's list (name, member count, fleet count, created;
 * TEAM_LIST names the server fields). Selection appears only for users who may delete teams
 * (`isSelectable`), the rename column only for those who may rename.
 */
export function TeamTable({ orgId, canRename, onRename, ...props }: Pick<DataListProps<TeamListItem, number>, 'state' | 'query' | 'userKey' | 'batchActions' | 'isSelectable'> & {
  orgId: number;
  empty: ReactNode;
  canRename: boolean;
  onRename: (team: TeamListItem) => void;
}) {
  const { t } = useTranslation('teams');
  const columns: DataColumn<TeamListItem>[] = [
    {
      id: 'name',
      label: t('list.columns.name'),
      isHideable: false,
      minWidth: 160,
      render: (team) => (
        <Link component={RouterLink} to={`/orgs/${orgId}/teams/${team.id}`}>
          {team.name}
        </Link>
      ),
    },
    { id: 'members', label: t('list.columns.members'), render: (team) => team.memberCount },
    { id: 'fleets', label: t('list.columns.fleets'), render: (team) => team.fleetCount },
    { id: 'created', label: t('list.columns.created'), render: (team) => formatDate(team.created_at) },
  ];
  if (canRename) {
    columns.push({
      id: 'actions',
      label: t('list.columns.actions'),
      isHideable: false,
      render: (team) => (
        <Tooltip title={t('list.rename', { name: team.name })}>
          <IconButton size="small" aria-label={t('list.rename', { name: team.name })} onClick={() => onRename(team)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    });
  }
  return (
    <DataList
      label={t('list.title')}
      what={t('list.what')}
      config={TEAM_LIST}
      columns={columns}
      getRowId={(team) => team.id}
      rowName={(team) => team.name}
      noMatchTitle={t('list.noMatch')}
      {...props}
    />
  );
}
