import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { teamNameProblem } from '../team-name.ts';

/**
 * The create-team and rename-team dialog (accounts spec §2 "create team", §5 team name). The
 * name is checked against the loaded teams as the user types; `serverNameTaken` shows the
 * same message when the API answers 409 (a team created elsewhere meanwhile).
 */
export function TeamNameDialog({
  title,
  submitLabel,
  initialName = '',
  teams,
  ownId,
  isPending,
  serverNameTaken,
  onSubmit,
  onClose,
}: {
  title: string;
  submitLabel: string;
  initialName?: string;
  teams: ReadonlyArray<{ id: number; name: string }>;
  ownId?: number;
  isPending: boolean;
  serverNameTaken: boolean;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('teams');
  const titleId = useId();
  const [name, setName] = useState(initialName);
  const [isTouched, setTouched] = useState(false);
  const [submittedName, setSubmittedName] = useState<string | null>(null);
  const problem = teamNameProblem(name, teams, ownId) ?? (serverNameTaken && submittedName === name ? 'alreadyUsed' : null);
  const unchanged = ownId !== undefined && name.trim() === initialName;
  const message = problem === 'required' ? t('name.required') : problem === 'alreadyUsed' ? t('fields_errors.already_used') : undefined;
  // "Required" waits until the user has typed or submitted; a clash shows at once.
  const shownMessage = problem === 'required' && !isTouched ? undefined : message;

  return (
    <Dialog open onClose={isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (problem || unchanged || isPending) return;
          setSubmittedName(name);
          onSubmit(name.trim());
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('name.label')}
            required
            autoFocus
            fullWidth
            margin="dense"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setTouched(true);
            }}
            error={Boolean(shownMessage)}
            helperText={shownMessage}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={Boolean(problem) || unchanged || isPending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
