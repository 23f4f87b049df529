import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  defaultSupportAccessUntil,
  isSupportAccessActive,
  supportAccessDateProblem,
  supportAccessMinimum,
  toDateTimeLocal,
} from '@flotilla/core/support-access';
import { formatDate } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { useSetDeviceSupportAccess } from '../api/device-settings.mutations.ts';
import { useCanSection } from '../hooks/use-device-permission.ts';
import { SettingsSection } from '../../../components/SettingsSection.tsx';

/**
 * Support access to the device (fleets spec §5 "Support access date": the minimum is now, the
 * default now plus 5 minutes; §6 resin.device.update; §8 "support access granted or removed").
 * The date is picked in the browser's time zone and sent as an instant.
 */
export function SupportAccessSection({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('deviceSettings');
  const canUpdate = useCanSection(device, 'support-access');
  const mutation = useSetDeviceSupportAccess(device);
  const until = device.is_accessible_by_support_until__date;
  const isActive = isSupportAccessActive(until, new Date());
  // Opened on demand, so the default is now plus 5 minutes when the user starts, not when the page loaded.
  const [draft, setDraft] = useState<string | null>(null);
  const problem = draft === null ? null : supportAccessDateProblem(draft, new Date());

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
    <SettingsSection title={t('supportAccess.title')} intro={t('supportAccess.intro')} reason={canUpdate ? null : t('noPermission')}>
      <Stack spacing={2}>
        <Typography variant="body2">{isActive ? t('supportAccess.grantedUntil', { date: formatDate(until) }) : t('supportAccess.notGranted')}</Typography>
        {mutation.isError && <Alert severity="error">{mutation.error.message}</Alert>}
        {draft === null && (
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
    </SettingsSection>
  );
}
