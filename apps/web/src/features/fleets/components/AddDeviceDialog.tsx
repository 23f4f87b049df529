import { useEffect, useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isDeviceArchCompatibleWithFleet } from '@flotilla/core/cpu-architecture';
import { FREE_DEVICE_ALLOWANCE, isDeviceAllowanceReached } from '@flotilla/core/device-allowance';
import { CopyField } from '../../../components/CopyField.tsx';
import { ErrorState } from '../../../components/states/ErrorState.tsx';
import { LoadingState } from '../../../components/states/LoadingState.tsx';
import { useShownQueryError } from '../../../components/states/query-failure.ts';
import { deviceTypesWithArchQuery } from '../../fleet-settings/api/fleet-settings.queries.ts';
import {
  ADD_DEVICE_DEBOUNCE_MS,
  addDeviceProblem,
  agentCommand,
  configFileName,
  downloadConfigRequest,
  imageUnavailableReason,
  initialAddDeviceForm,
  MAX_POLL_MINUTES,
  MAX_WIFI_KEY,
  MAX_WIFI_SSID,
  MIN_POLL_MINUTES,
  osLines,
  parsePollMinutes,
  type AddDeviceForm,
} from '../add-device.ts';
import { deviceAllowanceQuery, hostOsVersionsQuery, type DeviceAllowanceStanding } from '../api/add-device.queries.ts';
import { useDownloadDeviceConfig } from '../api/add-device.mutations.ts';
import { saveText } from '../../../lib/save-file.ts';

interface DeviceTypeOption {
  id: number;
  slug: string;
  name: string;
}

/** `value` once it has stopped changing for `ms` (the dialog's 300 ms settle, fleets spec §2). */
function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Saves `text` as a JSON file the browser downloads. */
const saveFile = (fileName: string, text: string) => saveText(fileName, text, 'application/json');

/**
 * "Add device" (fleets spec §2 "Add-device dialog", §5 "Add device", §8 "No versions available"):
 * device type (those that can run in the fleet), OS line, version and variant, network, poll
 * interval, and image or configuration only. "Download configuration file" asks the server for
 * the device's config.json (it mints a provisioning key into it), saves it once and gives the
 * command that starts Flotilla's device agent with it. Blocked when the organization's free
 * device allowance is used up.
 */
export function AddDeviceDialog({ fleetId, fleetSlug, organizationId, deviceTypeSlug, onClose }: {
  fleetId: number;
  /** "org/fleet": names the saved file. */
  fleetSlug: string;
  organizationId: number;
  /** The fleet's own device type: the default. */
  deviceTypeSlug: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('fleets');
  const titleId = useId();
  const deviceTypes = useQuery(deviceTypesWithArchQuery);
  const allowance = useQuery(deviceAllowanceQuery(organizationId));
  const download = useDownloadDeviceConfig(fleetId);
  const [saved, setSaved] = useState<{ fileName: string; deviceTypeName: string } | null>(null);

  // The device types whose CPU runs the fleet's architecture (as registration requires); the fleet's own always.
  const fleetArch = deviceTypes.data?.find((type) => type.slug === deviceTypeSlug)?.cpuArchitecture ?? null;
  const typeOptions: DeviceTypeOption[] = (deviceTypes.data ?? []).filter(
    (type) => type.slug === deviceTypeSlug || (fleetArch !== null && type.cpuArchitecture !== null && isDeviceArchCompatibleWithFleet(type.cpuArchitecture, fleetArch)),
  );

  const handleDownload = (form: AddDeviceForm, deviceTypeName: string) =>
    download.mutate(downloadConfigRequest(form, fleetId, new Date(), t('addDevice.keyDescription')), {
      onSuccess: (config) => {
        const fileName = configFileName(fleetSlug);
        saveFile(fileName, JSON.stringify(config));
        setSaved({ fileName, deviceTypeName });
      },
    });

  let content;
  if (saved) {
    content = (
      <>
        <DialogContent>
          <Stack spacing={2}>
            <Alert severity="success">{t('addDevice.saved', { file: saved.fileName })}</Alert>
            <CopyField label={t('addDevice.command')} value={agentCommand(saved.fileName)} />
            <Typography variant="body2" color="text.secondary">
              {t('addDevice.commandHint', { deviceType: saved.deviceTypeName })}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose} autoFocus>
            {t('common:close')}
          </Button>
        </DialogActions>
      </>
    );
  } else if (deviceTypes.data !== undefined && allowance.data !== undefined) {
    content = (
      <AddDeviceFormView
        fleetSlug={fleetSlug}
        typeOptions={typeOptions}
        defaultType={deviceTypeSlug}
        allowance={allowance.data}
        isBusy={download.isPending}
        error={download.isError ? download.error.message : null}
        onSubmit={handleDownload}
        onCancel={onClose}
      />
    );
  } else {
    const failed = deviceTypes.error
      ? { error: deviceTypes.error, what: t('addDevice.deviceTypesWhat'), retry: deviceTypes.refetch }
      : allowance.error
        ? { error: allowance.error, what: t('addDevice.allowanceWhat'), retry: allowance.refetch }
        : null;
    content = (
      <>
        <DialogContent>{failed ? <ErrorState error={failed.error} what={failed.what} onRetry={() => failed.retry()} /> : <LoadingState />}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
        </DialogActions>
      </>
    );
  }

  return (
    <Dialog open onClose={download.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('addDevice.title')}</DialogTitle>
      {content}
    </Dialog>
  );
}

/** The form once the device types and the allowance are known. */
function AddDeviceFormView({ fleetSlug, typeOptions, defaultType, allowance, isBusy, error, onSubmit, onCancel }: {
  fleetSlug: string;
  typeOptions: DeviceTypeOption[];
  defaultType: string;
  allowance: DeviceAllowanceStanding;
  isBusy: boolean;
  error: string | null;
  onSubmit: (form: AddDeviceForm, deviceTypeName: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('fleets');
  const ids = useId();
  const [form, setForm] = useState(() => initialAddDeviceForm(defaultType));
  const set = <K extends keyof AddDeviceForm>(key: K, value: AddDeviceForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const isBlocked = isDeviceAllowanceReached(allowance);
  const isLocked = isBlocked || isBusy;

  const type = typeOptions.find((option) => option.slug === form.deviceType);
  const versions = useQuery({ ...hostOsVersionsQuery(type?.id ?? 0), enabled: type !== undefined });
  const isVersionsLoading = versions.isPending && versions.fetchStatus !== 'idle';
  // A failed read of the versions is not "no versions": the download waits for them (a config
  // without the OS version the device was meant to run), and the error stays with Retry.
  const versionsFailure = useShownQueryError(versions);
  const isVersionsUnknown = type !== undefined && versions.data === undefined;
  const available = versions.data ?? [];
  // Line and version follow what the chosen type offers: the pick while it is offered, else the first.
  const lines = osLines(available);
  const line = lines.includes(form.osLine) ? form.osLine : (lines[0] ?? '');
  const lineVersions = available.filter((v) => v.line === line);
  const version = lineVersions.some((v) => v.rawVersion === form.osVersion) ? form.osVersion : (lineVersions[0]?.rawVersion ?? '');
  const effective: AddDeviceForm = { ...form, osLine: line, osVersion: version };
  const problem = addDeviceProblem(effective);
  const typeName = type?.name ?? form.deviceType;

  // What will be downloaded, in words: follows the form once it has settled for 300 ms.
  const summary =
    problem === null && !isVersionsUnknown
      ? t('addDevice.summary', {
          file: configFileName(fleetSlug),
          details: [
            typeName,
            version ? t('addDevice.summaryVersion', { version }) : null,
            t(form.osVariant === 'dev' ? 'addDevice.variantDev' : 'addDevice.variantProd'),
            form.network === 'wifi' ? t('addDevice.summaryWifi', { ssid: form.wifiSsid.trim() }) : t('addDevice.summaryEthernet'),
            t('addDevice.summaryPoll', { count: parsePollMinutes(form.pollMinutes) ?? 0 }),
          ]
            .filter((part) => part !== null)
            .join(', '),
        })
      : '';
  const settledSummary = useDebouncedValue(summary, ADD_DEVICE_DEBOUNCE_MS);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isLocked && problem === null && !isVersionsUnknown) onSubmit(effective, typeName);
  };
  const pollError = parsePollMinutes(form.pollMinutes) === null;
  const imageReasonId = `${ids}-image-reason`;

  return (
    <form noValidate onSubmit={handleSubmit}>
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2.5}>
          <DialogContentText>{t('addDevice.intro')}</DialogContentText>
          {isBlocked && (
            <Alert severity="warning">
              <AlertTitle>{t('addDevice.limitTitle')}</AlertTitle>
              {t('addDevice.limit', { allowance: FREE_DEVICE_ALLOWANCE, count: allowance.activeDeviceCount })}
            </Alert>
          )}
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            select
            label={t('addDevice.deviceType')}
            value={form.deviceType}
            disabled={isLocked}
            onChange={(event) => setForm((current) => ({ ...current, deviceType: event.target.value, osLine: '', osVersion: '' }))}
          >
            {typeOptions.map((option) => (
              <MenuItem key={option.slug} value={option.slug}>
                {option.name}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
            <TextField select label={t('addDevice.osLine')} value={line} disabled={isLocked || lines.length === 0} onChange={(event) => set('osLine', event.target.value)}>
              {lines.map((l) => (
                <MenuItem key={l} value={l}>
                  {t(`addDevice.osLines.${l}`, { defaultValue: l })}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('addDevice.osVersion')}
              value={version}
              disabled={isLocked || lineVersions.length === 0}
              helperText={isVersionsLoading ? t('addDevice.osVersionsLoading') : undefined}
              onChange={(event) => set('osVersion', event.target.value)}
            >
              {lineVersions.map((v) => (
                <MenuItem key={v.rawVersion} value={v.rawVersion}>
                  {v.rawVersion}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          {versionsFailure.error != null && <ErrorState error={versionsFailure.error} what={t('addDevice.osVersionsWhat')} onRetry={versionsFailure.retry} />}
          {versions.isSuccess && available.length === 0 && (
            <Alert severity="warning">
              <AlertTitle>{t('addDevice.noVersions')}</AlertTitle>
              {t('addDevice.noVersionsDetail', { deviceType: typeName })}
            </Alert>
          )}
          <FormControl disabled={isLocked}>
            <FormLabel id={`${ids}-variant`}>{t('addDevice.osVariant')}</FormLabel>
            <RadioGroup row aria-labelledby={`${ids}-variant`} value={form.osVariant} onChange={(event) => set('osVariant', event.target.value === 'dev' ? 'dev' : 'prod')}>
              <FormControlLabel value="prod" control={<Radio />} label={t('addDevice.variantProd')} />
              <FormControlLabel value="dev" control={<Radio />} label={t('addDevice.variantDev')} />
            </RadioGroup>
            {form.osVariant === 'dev' && <FormHelperText>{t('addDevice.variantDevHint')}</FormHelperText>}
          </FormControl>
          <FormControl disabled={isLocked}>
            <FormLabel id={`${ids}-network`}>{t('addDevice.network')}</FormLabel>
            <RadioGroup row aria-labelledby={`${ids}-network`} value={form.network} onChange={(event) => set('network', event.target.value === 'wifi' ? 'wifi' : 'ethernet')}>
              <FormControlLabel value="ethernet" control={<Radio />} label={t('addDevice.ethernet')} />
              <FormControlLabel value="wifi" control={<Radio />} label={t('addDevice.wifi')} />
            </RadioGroup>
          </FormControl>
          {form.network === 'wifi' && (
            <>
              <TextField
                label={t('addDevice.wifiSsid')}
                required
                value={form.wifiSsid}
                disabled={isLocked}
                onChange={(event) => set('wifiSsid', event.target.value)}
                slotProps={{ htmlInput: { maxLength: MAX_WIFI_SSID, autoComplete: 'off' } }}
              />
              <TextField
                label={t('addDevice.wifiKey')}
                type="password"
                required
                value={form.wifiKey}
                disabled={isLocked}
                onChange={(event) => set('wifiKey', event.target.value)}
                slotProps={{ htmlInput: { maxLength: MAX_WIFI_KEY, autoComplete: 'new-password' } }}
              />
              {problem === 'fieldsMissing' && <Alert severity="warning">{t('addDevice.fieldsMissing')}</Alert>}
              {problem === 'wifiTooLong' && <Alert severity="warning">{t('addDevice.wifiTooLong')}</Alert>}
            </>
          )}
          <TextField
            label={t('addDevice.pollInterval')}
            type="number"
            value={form.pollMinutes}
            disabled={isLocked}
            error={pollError}
            helperText={pollError ? t('addDevice.pollIntervalError') : undefined}
            onChange={(event) => set('pollMinutes', event.target.value)}
            slotProps={{ htmlInput: { min: MIN_POLL_MINUTES, max: MAX_POLL_MINUTES, step: 1, inputMode: 'numeric' } }}
          />
          <FormControl disabled={isLocked}>
            <FormLabel id={`${ids}-download`}>{t('addDevice.download')}</FormLabel>
            <RadioGroup aria-labelledby={`${ids}-download`} value={form.download} onChange={(event) => set('download', event.target.value === 'image' ? 'image' : 'config')}>
              {/* No server build serves OS images yet: the option says why it cannot be chosen. */}
              <FormControlLabel
                value="image"
                disabled
                control={<Radio slotProps={{ input: { 'aria-describedby': versions.isSuccess ? imageReasonId : undefined } }} />}
                label={t('addDevice.downloadImage')}
              />
              {versions.isSuccess && (
                <FormHelperText id={imageReasonId} sx={{ mt: -0.5, mb: 0.5, ml: 4 }}>
                  {t(`addDevice.imageReason_${imageUnavailableReason(available)}`)}
                </FormHelperText>
              )}
              <FormControlLabel value="config" control={<Radio />} label={t('addDevice.downloadConfig')} />
            </RadioGroup>
          </FormControl>
          {/* Always there, so the change of its words is announced. */}
          <Box aria-live="polite" data-testid="add-device-summary">
            {settledSummary && (
              <>
                <Typography variant="subtitle2" component="p">
                  {t('addDevice.summaryLabel')}
                </Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {settledSummary}
                </Typography>
              </>
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={isBusy}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={isLocked || problem !== null || isVersionsUnknown}>
          {t('addDevice.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
