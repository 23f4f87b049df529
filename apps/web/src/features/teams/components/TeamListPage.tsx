import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageError } from '../../../components/PageError.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/permissions.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { createTeam, deleteTeams, isNameTakenError, renameTeam } from '../api/teams.mutations.ts';
import { teamKeys, teamListQuery, type TeamListItem } from '../api/teams.queries.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { TeamNameDialog } from './TeamNameDialog.tsx';
import { TeamTable } from './TeamTable.tsx';

const route = getRouteApi('/_app/orgs/$orgId');

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
  const queryClient = useQueryClient();
  const teams = useQuery(teamListQuery(orgId));
  const scope = { organizationId: orgId };
  const canCreate = useCan('resin.team.all', scope);
  const canRename = useCan('resin.team.update', scope);
  const canDelete = useCan('resin.team_membership.all', scope);
  const [isCreateOpen, setCreateOpen] = useState(false);
  const [renaming, setRenaming] = useState<TeamListItem | null>(null);
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const [selectedIds, setSelectedIds] = useState<Set<number>>(new Set());
  // Teams deleted elsewhere drop out of the selection when the list refreshes.
  const selected = useMemo(() => (teams.data ?? []).filter((team) => selectedIds.has(team.id)), [teams.data, selectedIds]);
  const invalidate = () => queryClient.invalidateQueries({ queryKey: teamKeys.organization(orgId) });

  const create = useMutation({
    mutationFn: (name: string) => createTeam(orgId, name),
    meta: { silent: true },
    onSuccess: async (_result, name) => {
      await invalidate();
      notifySuccess(t('team_added_successfully', { name }));
      setCreateOpen(false);
    },
  });
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => renameTeam(id, name),
    meta: { silent: true },
    onSuccess: async () => {
      await invalidate();
      notifySuccess(t('renamed_successfully'));
      setRenaming(null);
    },
  });
  const remove = useMutation({
    mutationFn: (ids: number[]) => deleteTeams(ids),
    onSuccess: async (_result, ids) => {
      await invalidate();
      notifySuccess(t('team_deleted_successfully', { count: ids.length }));
      setSelectedIds(new Set());
      setDeleteOpen(false);
    },
  });

  const createButton = canCreate && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreateOpen(true)}>
      {t('list.create')}
    </Button>
  );

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('list.title')}
        </Typography>
        {canDelete && (
          <Button color="error" variant="outlined" startIcon={<DeleteIcon />} disabled={selected.length === 0} onClick={() => setDeleteOpen(true)}>
            {t('list.deleteSelected')}
          </Button>
        )}
        {createButton}
      </Box>
      {teams.isPending ? (
        <PageLoading />
      ) : teams.isError ? (
        <PageError error={teams.error} />
      ) : teams.data.length === 0 ? (
        <EmptyState title={t('list.empty')} help={t('list.emptyHelp')} action={createButton || undefined} />
      ) : (
        <TeamTable
          orgId={orgId}
          teams={teams.data}
          selected={selectedIds}
          canSelect={canDelete}
          canRename={canRename}
          onSelectedChange={setSelectedIds}
          onRename={(team) => {
            rename.reset();
            setRenaming(team);
          }}
        />
      )}
      {isCreateOpen && (
        <TeamNameDialog
          title={t('create.title')}
          submitLabel={t('create.submit')}
          teams={teams.data ?? []}
          isPending={create.isPending}
          serverNameTaken={isNameTakenError(create.error)}
          onSubmit={(name) => create.mutate(name, { onError: notifyUnlessNameTaken })}
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
          teams={teams.data ?? []}
          ownId={renaming.id}
          isPending={rename.isPending}
          serverNameTaken={isNameTakenError(rename.error)}
          onSubmit={(name) => rename.mutate({ id: renaming.id, name }, { onError: notifyUnlessNameTaken })}
          onClose={() => setRenaming(null)}
        />
      )}
      {isDeleteOpen && selected.length > 0 && (
        <ConfirmDialog
          title={t('delete.title', { count: selected.length })}
          message={t('delete.message', {
            count: selected.length,
            name: selected[0]!.name,
            names: selected.map((team) => team.name).join(', '),
          })}
          confirmLabel={t('delete.confirm')}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(selected.map((team) => team.id))}
          onClose={() => setDeleteOpen(false)}
        />
      )}
    </Box>
  );
}
