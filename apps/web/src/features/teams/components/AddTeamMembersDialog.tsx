import { useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAddTeamMembers } from '../api/teams.mutations.ts';
import { organizationMembersQuery, type TeamMember } from '../api/teams.queries.ts';
import { ErrorState } from '../../../components/states/ErrorState.tsx';

/**
 * "Add member to team" (accounts spec §2 dialogs, §5): choose among the organization's members
 * who are not in the team yet; Add stays disabled while nothing is selected.
 */
export function AddTeamMembersDialog({
  orgId,
  teamId,
  currentMembers,
  onClose,
}: {
  orgId: number;
  teamId: number;
  currentMembers: readonly TeamMember[];
  onClose: () => void;
}) {
  const { t } = useTranslation('teams');
  const titleId = useId();
  const organizationMembers = useQuery(organizationMembersQuery(orgId));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const candidates = useMemo(() => {
    const inTeam = new Set(currentMembers.map((m) => m.userId));
    return (organizationMembers.data ?? []).filter((m) => !inTeam.has(m.userId));
  }, [organizationMembers.data, currentMembers]);

  const add = useAddTeamMembers(teamId);
  const submit = () => {
    const usernames = candidates.filter((m) => selected.has(m.userId)).map((m) => m.username);
    add.mutate(usernames, {
      onSuccess: () => {
        notifySuccess(t('member_added_successfully', { count: usernames.length }));
        onClose();
      },
    });
  };

  const toggle = (userId: number) => {
    const next = new Set(selected);
    if (next.has(userId)) next.delete(userId);
    else next.add(userId);
    setSelected(next);
  };

  return (
    <Dialog open onClose={add.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('addMembers.title')}</DialogTitle>
      <DialogContent>
        {organizationMembers.data === undefined && organizationMembers.error ? (
          // A failed read is not "nobody left to add": its error, with Retry.
          <ErrorState error={organizationMembers.error} what={t('addMembers.what')} onRetry={() => organizationMembers.refetch()} />
        ) : organizationMembers.isPending ? (
          <PageLoading />
        ) : candidates.length === 0 ? (
          <Alert severity="info">{t('addMembers.noneAvailable')}</Alert>
        ) : (
          <>
            <DialogContentText sx={{ mb: 1 }}>{t('addMembers.help')}</DialogContentText>
            <FormGroup aria-label={t('addMembers.listLabel')} sx={{ maxHeight: 300, overflowY: 'auto', flexWrap: 'nowrap' }}>
              {candidates.map((member) => (
                <FormControlLabel
                  key={member.userId}
                  control={<Checkbox checked={selected.has(member.userId)} onChange={() => toggle(member.userId)} />}
                  label={member.username}
                />
              ))}
            </FormGroup>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={add.isPending}>
          {t('common:cancel')}
        </Button>
        <Button variant="contained" disabled={selected.size === 0 || add.isPending} onClick={submit}>
          {t('addMembers.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
