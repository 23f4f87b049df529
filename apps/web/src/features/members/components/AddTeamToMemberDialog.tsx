import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { teamListQuery } from '../../teams/api/teams.queries.ts';
import { useAddMemberToTeams } from '../api/teams.mutations.ts';
import { memberErrorMessage } from '../member-errors.ts';
import { ErrorState } from '../../../components/states/ErrorState.tsx';

/**
 * "Add team to member" (accounts spec §2 dialogs): the organization's teams the member is not
 * in; each chosen team gets a team_membership {username, is_member_of__team}. Add stays disabled
 * while nothing is chosen.
 */
export function AddTeamToMemberDialog({ orgId, username, currentTeamIds, onClose }: {
  orgId: number;
  username: string;
  currentTeamIds: readonly number[];
  onClose: () => void;
}) {
  const { t } = useTranslation('members');
  const titleId = useId();
  const teams = useQuery(teamListQuery(orgId));
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const available = (teams.data ?? []).filter((team) => !currentTeamIds.includes(team.id));
  const mutation = useAddMemberToTeams();
  const submit = () =>
    mutation.mutate(
      { username, teamIds: chosen },
      {
        onSuccess: () => {
          notifySuccess(t('teams.member_added_successfully', { count: chosen.size }));
          onClose();
        },
      },
    );
  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('teams.addTitle', { username })}</DialogTitle>
      <DialogContent>
        {mutation.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {memberErrorMessage(mutation.error, t)}
          </Alert>
        )}
        {teams.data === undefined && teams.error ? (
          // A failed read is not "nobody left to add": its error, with Retry.
          <ErrorState error={teams.error} what={t('teams.whatOrganization')} onRetry={() => teams.refetch()} />
        ) : teams.isPending ? (
          <PageLoading />
        ) : available.length === 0 ? (
          <Typography color="text.secondary">{t('teams.noneAvailable')}</Typography>
        ) : (
          <FormGroup aria-label={t('teams.chooseLabel')}>
            {available.map((team) => (
              <FormControlLabel key={team.id} control={<Checkbox checked={chosen.has(team.id)} onChange={() => toggle(team.id)} />} label={team.name} />
            ))}
          </FormGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mutation.isPending}>
          {t('common:cancel')}
        </Button>
        <Button variant="contained" disabled={chosen.size === 0 || mutation.isPending} onClick={submit}>
          {t('teams.addSubmit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
