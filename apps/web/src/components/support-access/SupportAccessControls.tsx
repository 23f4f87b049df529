import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  defaultSupportAccessUntil,
  isSupportAccessActive,
  supportAccessDateProblem,
  supportAccessMinimum,
  toDateTimeLocal,
} from '@flotilla/core/support-access';
import { formatDate } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';

/**
 * Grant, extend or revoke support access to a fleet or a device (fleets spec §5 "Support access
 * date": the minimum is now, the default now plus 5 minutes; §8 "support access granted or
 * removed"). The date is picked in the browser's time zone and sent as an instant; `mutation`
 * sets it (a string) or clears it (null). The words come from `namespace`: its `supportAccess.*`,
 * `saving` and, with `whenDenied="explain"`, `noPermission`. Without `canUpdate` the buttons stay
 * disabled (`disable`: the section states the reason) or give way to the namespace's `noPermission`
 * (`explain`).
 */
export function SupportAccessControls({
  namespace,
  until,
  mutation,
  canUpdate,
  whenDenied,
}: {
  namespace: string;
  until: string | null;
  mutation: UseMutationResult<unknown, Error, string | null>;
  canUpdate: boolean;
  whenDenied: 'disable' | 'explain';
}) {
  const { t } = useTranslation(namespace);
  const isActive = isSupportAccessActive(until, new Date());
  // Opened on demand, so the default is now plus 5 minutes when the user starts, not when the page loaded.
  const [draft, setDraft] = useState<string | null>(null);
  const problem = draft === null ? null : supportAccessDateProblem(draft, new Date());
  const showButtons = canUpdate || whenDenied === 'disable';

  const grant = () => {
    if (draft === null || supportAccessDateProblem(draft, new Date())) return;
    mutation.mutate(new Date(draft).toISOString(), {
      onSuccess: () => {
        setDraft(null);
        notifySuccess(t('supportAccess.granted'));
      },
    });
  };
  const revoke = () => mutation.mutate(null, { onSuccess: () => notifySuccess(t('supportAccess.removed')) });

  return (
    <Stack spacing={2}>
      <Typography variant="body2">{isActive ? t('supportAccess.grantedUntil', { date: formatDate(until) }) : t('supportAccess.notGranted')}</Typography>
      {mutation.isError && <Alert severity="error">{mutation.error.message}</Alert>}
      {!showButtons && (
        <Typography variant="body2" color="text.secondary">
          {t('noPermission')}
        </Typography>
      )}
      {showButtons && draft === null && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button
            variant="outlined"
            disabled={!canUpdate}
            onClick={() => {
              mutation.reset();
              setDraft(toDateTimeLocal(defaultSupportAccessUntil(new Date())));
            }}
          >
            {isActive ? t('supportAccess.extend') : t('supportAccess.grant')}
          </Button>
          {isActive && (
            <Button variant="outlined" color="error" onClick={revoke} disabled={!canUpdate || mutation.isPending}>
              {t('supportAccess.revoke')}
            </Button>
          )}
        </Stack>
      )}
      {canUpdate && draft !== null && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            grant();
          }}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
            <TextField
              type="datetime-local"
              label={t('supportAccess.until')}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              size="small"
              autoFocus
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: toDateTimeLocal(supportAccessMinimum(new Date())), readOnly: mutation.isPending } }}
              error={problem !== null}
              helperText={problem ? t(`supportAccess.problems.${problem}`) : ' '}
            />
            <Button type="submit" variant="contained" disabled={problem !== null || mutation.isPending} sx={{ mt: { sm: '2px' } }}>
              {mutation.isPending ? t('saving') : t('supportAccess.grant')}
            </Button>
            <Button onClick={() => setDraft(null)} disabled={mutation.isPending} sx={{ mt: { sm: '2px' } }}>
              {t('common:cancel')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
