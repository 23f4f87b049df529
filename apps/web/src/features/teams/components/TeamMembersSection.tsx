import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ClientDataList } from '../../../components/data-list/ClientDataList.tsx';
import type { ClientListConfig } from '../../../components/data-list/client-rows.ts';
import { actionsColumn, type DataColumn } from '../../../components/data-list/columns.ts';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useRemoveTeamMember } from '../api/teams.mutations.ts';
import { teamMembersQuery, type TeamMember } from '../api/teams.queries.ts';
import { AddTeamMembersDialog } from './AddTeamMembersDialog.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';

/** The team member list's sortable, filterable field, by username as the query sorts. */
const TEAM_MEMBER_LIST: ClientListConfig = {
  tableId: 'team-members',
  fields: { username: { kind: 'text', path: 'username' } },
  defaultSort: { field: 'username', direction: 'asc' },
};

/**
 * The team's members (accounts spec §2, §6): add members (resin.team_membership.create), remove
 * others (resin.team_membership.delete) or leave oneself, which is always allowed.
 */
export function TeamMembersSection({ orgId, teamId, teamName }: { orgId: number; teamId: number; teamName: string }) {
  const { t } = useTranslation('teams');
  const { data: actor } = useQuery(whoamiQuery);
  const members = useQuery(teamMembersQuery(orgId, teamId));
  const scope = { organizationId: orgId };
  const canAdd = useCan('resin.team_membership.create', scope);
  const canRemoveOthers = useCan('resin.team_membership.delete', scope);
  const [isAddOpen, setAddOpen] = useState(false);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const isSelf = (member: TeamMember) => actor?.actorType === 'user' && member.userId === actor.actorTypeId;

  const remove = useRemoveTeamMember();
  const columns: DataColumn<TeamMember>[] = [
    { id: 'username', label: t('members.columns.username'), isHideable: false, minWidth: 160, render: (member) => member.username },
    actionsColumn(t('members.columns.actions'), (member) => {
      const label = isSelf(member) ? t('members.leave') : t('members.remove', { username: member.username });
      return (
        (isSelf(member) || canRemoveOthers) && (
          <Tooltip title={label}>
            <IconButton size="small" aria-label={label} onClick={() => setRemoving(member)}>
              <PersonRemoveIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )
      );
    }),
  ];

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('members.title')}
        </Typography>
        {canAdd && (
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setAddOpen(true)} disabled={!members.data}>
            {t('members.add')}
          </Button>
        )}
      </Box>
      <ClientDataList
        label={t('members.title')}
        what={t('members.what')}
        config={TEAM_MEMBER_LIST}
        columns={columns}
        query={members}
        getRowId={(member) => member.id}
        rowName={(member) => member.username}
        empty={<EmptyState title={t('members.empty')} />}
        noMatchTitle={t('members.noMatch')}
      />
      {isAddOpen && members.data && (
        <AddTeamMembersDialog orgId={orgId} teamId={teamId} currentMembers={members.data} onClose={() => setAddOpen(false)} />
      )}
      {removing && (
        <ConfirmDialog
          title={isSelf(removing) ? t('members.leaveTitle') : t('members.removeTitle')}
          message={
            isSelf(removing)
              ? t('members.leaveMessage', { team: teamName })
              : t('members.removeMessage', { username: removing.username, team: teamName })
          }
          confirmLabel={isSelf(removing) ? t('members.leave') : t('members.removeConfirm')}
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: () => {
                notifySuccess(t('team_membership_deleted_successfully'));
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
