import { useState } from 'react';
import Button from '@mui/material/Button';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDeleteTeams } from '../api/teams.mutations.ts';
import { teamListQuery } from '../api/teams.queries.ts';

/**
 * The team list's batch action (DataList's slot): delete the selected teams after a
 * confirmation that names them (accounts spec §6, needs resin.team_membership.all). The
 * selection may span pages, so the names come from the organization's teams; teams deleted
 * elsewhere drop out.
 */
export function TeamDeleteAction({ orgId, ids, clearSelection }: { orgId: number; ids: ReadonlySet<number>; clearSelection: () => void }) {
  const { t } = useTranslation('teams');
  const teams = useQuery(teamListQuery(orgId));
  const [isOpen, setOpen] = useState(false);
  const remove = useDeleteTeams();
  const selected = (teams.data ?? []).filter((team) => ids.has(team.id));

  return (
    <>
      <Button size="small" color="error" variant="outlined" startIcon={<DeleteIcon />} disabled={selected.length === 0} onClick={() => setOpen(true)}>
        {t('list.deleteSelected')}
      </Button>
      {isOpen && selected.length > 0 && (
        <ConfirmDialog
          title={t('delete.title', { count: selected.length })}
          message={t('delete.message', {
            count: selected.length,
            name: selected[0]?.name ?? '',
            names: selected.map((team) => team.name).join(', '),
          })}
          confirmLabel={t('delete.confirm')}
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(
              selected.map((team) => team.id),
              {
                onSuccess: (_result, deleted) => {
                  notifySuccess(t('team_deleted_successfully', { count: deleted.length }));
                  setOpen(false);
                  clearSelection();
                },
              },
            )
          }
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
