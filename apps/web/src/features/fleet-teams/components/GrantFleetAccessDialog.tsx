import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ApplicationClass } from '@flotilla/core/application-class';
import { DEFAULT_FLEET_ROLE, type FleetRoleName } from '@flotilla/core/roles';
import { QueryState, type QueryStateProps } from '../../../components/states/QueryState.tsx';
import { cleanErrorText } from '../../../lib/notify.ts';
import { PlanRolePicker } from '../../fleet-members/components/FleetRolePicker.tsx';
import { useLimitedRoles } from '../../fleet-members/hooks/use-limited-roles.ts';

/** One team (from a fleet) or one fleet (from a team) the grant may go to. */
export interface AccessCandidate {
  id: number;
  name: string;
}

/**
 * Team access to a fleet, granted from either side (fleets spec §6, §7 "POST
 * team_application_access: team, grants_access_to__application, application_membership_role"):
 * the fleet's "Assign teams" picks a team, a team's fleets section picks a fleet. Both pick one
 * of the candidates without access yet and a role the plan and the class allow (the API refuses
 * the others); a failed load shows the error with Retry, never "none available" (nor, for the
 * plan, fewer roles: the grant waits for it); a refused grant shows in the dialog.
 */
export function GrantFleetAccessDialog({
  labels,
  candidates,
  organizationId,
  applicationClass,
  isOrganizationAdmin,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  labels: { title: string; pick: string; role: string; submit: string; noneAvailable: string; what: string };
  /** The candidates without access yet, shaped like their query (undefined while loading). */
  candidates: QueryStateProps<readonly AccessCandidate[]>['query'];
  organizationId: number;
  applicationClass: ApplicationClass;
  isOrganizationAdmin: boolean;
  busy: boolean;
  error: Error | null;
  onSubmit: (candidateId: number, role: FleetRoleName) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const plan = useLimitedRoles(organizationId);
  const [pickedId, setPickedId] = useState('');
  const [role, setRole] = useState<FleetRoleName>(DEFAULT_FLEET_ROLE);
  const canSubmit = pickedId !== '' && !busy && plan.hasLimitedRoles !== undefined;

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canSubmit) onSubmit(Number(pickedId), role);
        }}
      >
        <DialogTitle id={titleId}>{labels.title}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {cleanErrorText(error.message)}
            </Alert>
          )}
          <QueryState
            query={candidates}
            what={labels.what}
            isEmpty={(list) => list.length === 0}
            empty={<Alert severity="info">{labels.noneAvailable}</Alert>}
          >
            {(list) => (
              <Stack spacing={2} sx={{ pt: 1 }}>
                {/* Opens on its first field like every other create dialog; the field mounts once the
                    candidates have loaded, and MUI's select then moves focus from the dialog to it. */}
                <TextField select required autoFocus label={labels.pick} value={pickedId} onChange={(event) => setPickedId(event.target.value)}>
                  {list.map((candidate) => (
                    <MenuItem key={candidate.id} value={String(candidate.id)}>
                      {candidate.name}
                    </MenuItem>
                  ))}
                </TextField>
                <PlanRolePicker
                  plan={plan}
                  applicationClass={applicationClass}
                  isOrganizationAdmin={isOrganizationAdmin}
                  label={labels.role}
                  value={role}
                  onChange={setRole}
                />
              </Stack>
            )}
          </QueryState>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!canSubmit}>
            {labels.submit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
