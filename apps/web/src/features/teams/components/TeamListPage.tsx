import '../teams-catalog.ts';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useListState } from '../../../components/data-list/use-list-state.ts';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/permissions.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { isNameTakenError, useCreateTeam, useRenameTeam } from '../api/teams.mutations.ts';
import { teamListQuery, teamPageQuery, type TeamListItem } from '../api/teams.queries.ts';
import { TEAM_LIST } from '../team-list.ts';
import { TeamDeleteAction } from './TeamDeleteAction.tsx';
import { TeamNameDialog } from './TeamNameDialog.tsx';
import { TeamTable } from './TeamTable.tsx';

const route = getRouteApi('/_app/orgs/$orgId/teams');

/** A name clash shows inline in the dialog; anything else as a toast. */
function notifyUnlessNameTaken(error: unknown): void {
  if (!isNameTakenError(error)) notifyError(error);
}

/**
 * /orgs/$orgId/teams (accounts spec §2): the organization's teams; create and rename (team
 * name rules of §5), delete one or many with a confirmation (needs resin.team_membership.all, §6).
 */
export function TeamListPage() {
  const { t } = useTranslation('teams');
  usePageTitle(t('list.pageTitle'));
  const { orgId } = route.useRouteContext();
  const navigate = route.useNavigate();
  const search = route.useSearch();
  const state = useListState(TEAM_LIST, search, (next) => void navigate({ search: next }));
  const { data: actor } = useQuery(whoamiQuery);
  const teams = useQuery(teamPageQuery(orgId, state.params));
  const scope = { organizationId: orgId };
  const canCreate = useCan('resin.team.all', scope);
  const canRename = useCan('resin.team.update', scope);
  const canDelete = useCan('resin.team_membership.all', scope);
  const [isCreateOpen, setCreateOpen] = useState(false);
  const [renaming, setRenaming] = useState<TeamListItem | null>(null);
  // Every team of the organization (not only this page): a new name is checked against all of
  // them as typed; one made elsewhere since the last poll comes back as the server's 409.
  const allTeams = useQuery(teamListQuery(orgId));
  const create = useCreateTeam(orgId);
  const rename = useRenameTeam();

  const createButton = canCreate && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreateOpen(true)}>
      {t('list.create')}
    </Button>
  );

  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('list.title')}
        </Typography>
        {createButton}
      </Box>
      <TeamTable
        orgId={orgId}
        state={state}
        query={teams}
        userKey={actor ? `${actor.actorType}-${actor.actorTypeId}` : null}
        empty={<EmptyState title={t('list.empty')} help={t('list.emptyHelp')} action={createButton || undefined} />}
        isSelectable={canDelete}
        batchActions={(ids, clearSelection) => canDelete && <TeamDeleteAction orgId={orgId} ids={ids} clearSelection={clearSelection} />}
        canRename={canRename}
        onRename={(team) => {
          rename.reset();
          setRenaming(team);
        }}
      />
      {isCreateOpen && (
        <TeamNameDialog
          title={t('create.title')}
          submitLabel={t('create.submit')}
          teams={allTeams.data ?? []}
          isPending={create.isPending}
          serverNameTaken={isNameTakenError(create.error)}
          onSubmit={(name) =>
            create.mutate(name, {
              onSuccess: () => {
                notifySuccess(t('team_added_successfully', { name }));
                setCreateOpen(false);
              },
              onError: notifyUnlessNameTaken,
            })
          }
          onClose={() => {
            create.reset();
            setCreateOpen(false);
          }}
        />
      )}
      {renaming && (
        <TeamNameDialog
          title={t('rename.title')}
          submitLabel={t('rename.submit')}
          initialName={renaming.name}
          teams={allTeams.data ?? []}
          ownId={renaming.id}
          isPending={rename.isPending}
          serverNameTaken={isNameTakenError(rename.error)}
          onSubmit={(name) =>
            rename.mutate(
              { id: renaming.id, name },
              {
                onSuccess: () => {
                  notifySuccess(t('renamed_successfully'));
                  setRenaming(null);
                },
                onError: notifyUnlessNameTaken,
              },
            )
          }
          onClose={() => setRenaming(null)}
        />
      )}
    </Box>
  );
}
