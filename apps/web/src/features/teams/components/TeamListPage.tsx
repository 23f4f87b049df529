import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/permissions.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { isNameTakenError, useCreateTeam, useDeleteTeams, useRenameTeam } from '../api/teams.mutations.ts';
import { teamListQuery, type TeamListItem } from '../api/teams.queries.ts';
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
  const create = useCreateTeam(orgId);
  const rename = useRenameTeam();
  const remove = useDeleteTeams();

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
      {/* The error names the teams and its Retry refetches them (the route-level PageError did neither). */}
      <QueryState
        query={teams}
        what={t('list.what')}
        loadingRows={3}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState title={t('list.empty')} help={t('list.emptyHelp')} action={createButton || undefined} />}
      >
        {(rows) => (
          <TeamTable
            orgId={orgId}
            teams={rows}
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
      </QueryState>
      {isCreateOpen && (
        <TeamNameDialog
          title={t('create.title')}
          submitLabel={t('create.submit')}
          teams={teams.data ?? []}
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
          teams={teams.data ?? []}
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
          onConfirm={() =>
            remove.mutate(
              selected.map((team) => team.id),
              {
                onSuccess: (_result, ids) => {
                  notifySuccess(t('team_deleted_successfully', { count: ids.length }));
                  setSelectedIds(new Set());
                  setDeleteOpen(false);
                },
              },
            )
          }
          onClose={() => setDeleteOpen(false)}
        />
      )}
    </Box>
  );
}
