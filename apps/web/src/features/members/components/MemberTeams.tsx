import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useRemoveTeamMembership } from '../api/teams.mutations.ts';
import { memberTeamsQuery, type MemberTeamRow } from '../api/teams.queries.ts';
import { memberErrorMessage } from '../member-errors.ts';
import { AddTeamToMemberDialog } from './AddTeamToMemberDialog.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';

/**
 * The member's teams in this organization, linked to each team page, with "Add team to member"
 * (resin.team_membership.create) and, on the teams section, removal from a team (others need
 * resin.team_membership.delete; removing oneself is always allowed — accounts spec §6).
 */
export function MemberTeams({ orgId, userId, username, allowRemove, listMaxHeight }: {
  orgId: number;
  userId: number;
  username: string;
  allowRemove: boolean;
  /** The summary card scrolls past about 300px (accounts spec §2). */
  listMaxHeight?: number;
}) {
  const { t } = useTranslation('members');
  const { data: actor } = useQuery(whoamiQuery);
  const teams = useQuery(memberTeamsQuery(orgId, userId));
  const canAdd = useCan('resin.team_membership.create', { organizationId: orgId });
  const canRemoveOthers = useCan('resin.team_membership.delete', { organizationId: orgId });
  const isSelf = actor?.actorType === 'user' && actor.actorTypeId === userId;
  const [isAddOpen, setAddOpen] = useState(false);
  const [removing, setRemoving] = useState<MemberTeamRow | null>(null);
  const remove = useRemoveTeamMembership();
  const confirmRemove = (row: MemberTeamRow) =>
    remove.mutate(row.id, {
      onSuccess: () => {
        notifySuccess(t('teams.member_removed_successfully'));
        setRemoving(null);
      },
    });
  const teamName = (row: MemberTeamRow) => row.is_member_of__team[0]?.name ?? '—';
  const rows = teams.data ?? [];

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('teams.title')} {teams.data ? `(${rows.length})` : ''}
        </Typography>
        {canAdd && (
          <Button variant="outlined" size="small" startIcon={<GroupAddIcon />} onClick={() => setAddOpen(true)}>
            {t('teams.add')}
          </Button>
        )}
      </Box>
      {/* QueryState: a failed read shows its error with Retry, never "Not in any team". */}
      <QueryState query={teams} what={t('teams.what')} isEmpty={(list) => list.length === 0} empty={<Typography color="text.secondary">{t('teams.empty')}</Typography>}>
        {() => (
          <List dense aria-label={t('teams.title')} sx={listMaxHeight ? { maxHeight: listMaxHeight, overflowY: 'auto' } : undefined}>
            {rows.map((row) => (
              <ListItem
                key={row.id}
                secondaryAction={
                  allowRemove && (canRemoveOthers || isSelf) ? (
                    <IconButton edge="end" aria-label={t('teams.removeFrom', { team: teamName(row) })} onClick={() => setRemoving(row)}>
                      <PersonRemoveIcon fontSize="small" />
                    </IconButton>
                  ) : undefined
                }
              >
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`/orgs/${orgId}/teams/${row.is_member_of__team[0]?.id ?? ''}`}>
                      {teamName(row)}
                    </Link>
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </QueryState>
      {isAddOpen && (
        <AddTeamToMemberDialog
          orgId={orgId}
          username={username}
          currentTeamIds={rows.map((row) => row.is_member_of__team[0]?.id ?? 0)}
          onClose={() => setAddOpen(false)}
        />
      )}
      {removing && (
        <ConfirmDialog
          title={t('teams.removeTitle')}
          message={t('teams.removeConfirm', { username, team: teamName(removing) })}
          confirmLabel={t('teams.removeSubmit')}
          busy={remove.isPending}
          error={remove.isError ? memberErrorMessage(remove.error, t) : null}
          onConfirm={() => confirmRemove(removing)}
          onClose={() => {
            remove.reset();
            setRemoving(null);
          }}
        />
      )}
    </Box>
  );
}
