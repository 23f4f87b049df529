import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import EditIcon from '@mui/icons-material/Edit';
import { Link as RouterLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import type { TeamListItem } from '../api/teams.queries.ts';

/**
 * The teams table (name, member count, fleet count, created). Selection checkboxes appear only
 * for users who may delete teams; the rename button only for those who may rename.
 */
export function TeamTable({
  orgId,
  teams,
  selected,
  canSelect,
  canRename,
  onSelectedChange,
  onRename,
}: {
  orgId: number;
  teams: readonly TeamListItem[];
  selected: ReadonlySet<number>;
  canSelect: boolean;
  canRename: boolean;
  onSelectedChange: (next: Set<number>) => void;
  onRename: (team: TeamListItem) => void;
}) {
  const { t } = useTranslation('teams');
  const allSelected = teams.length > 0 && teams.every((team) => selected.has(team.id));
  const someSelected = !allSelected && teams.some((team) => selected.has(team.id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectedChange(next);
  };

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('list.title')}>
        <TableHead>
          <TableRow>
            {canSelect && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allSelected}
                  indeterminate={someSelected}
                  onChange={() => onSelectedChange(allSelected ? new Set() : new Set(teams.map((team) => team.id)))}
                  slotProps={{ input: { 'aria-label': t('list.selectAll') } }}
                />
              </TableCell>
            )}
            <TableCell>{t('list.columns.name')}</TableCell>
            <TableCell align="right">{t('list.columns.members')}</TableCell>
            <TableCell align="right">{t('list.columns.fleets')}</TableCell>
            <TableCell>{t('list.columns.created')}</TableCell>
            {canRename && <TableCell align="right">{t('list.columns.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {teams.map((team) => (
            <TableRow key={team.id} hover selected={selected.has(team.id)}>
              {canSelect && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selected.has(team.id)}
                    onChange={() => toggle(team.id)}
                    slotProps={{ input: { 'aria-label': t('list.selectTeam', { name: team.name }) } }}
                  />
                </TableCell>
              )}
              <TableCell>
                <Link component={RouterLink} to={`/orgs/${orgId}/teams/${team.id}`}>
                  {team.name}
                </Link>
              </TableCell>
              <TableCell align="right">{team.memberCount}</TableCell>
              <TableCell align="right">{team.fleetCount}</TableCell>
              <TableCell>{formatDate(team.created_at)}</TableCell>
              {canRename && (
                <TableCell align="right">
                  <Tooltip title={t('list.rename', { name: team.name })}>
                    <IconButton size="small" aria-label={t('list.rename', { name: team.name })} onClick={() => onRename(team)}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
