import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import DownloadIcon from '@mui/icons-material/Download';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { filterLogLines, LOG_SEARCH_DEBOUNCE_MS } from '@flotilla/core/device-log-client';
import { saveText } from '../../../lib/save-file.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { useLogPreferences } from '../hooks/use-log-preferences.ts';
import type { LogStreamView } from '../hooks/use-log-stream.ts';
import { logDownloadText } from '../log-download.ts';
import type { LogLine, ShownLogLine } from '../log-line.ts';
import { LogLinesList } from './LogLinesList.tsx';

export interface LogsCardProps {
  /** The card's h2. */
  title: string;
  /** The expanded dialog's title (names the device or fleet). */
  expandedTitle: string;
  stream: LogStreamView;
  /** Adds the service (and device) names to a line. */
  nameLine: (line: LogLine) => ShownLogLine;
  /** Only this service's lines (the container table's "show logs"), with a way to show all again. */
  serviceFilter?: { name: string; onClear: () => void } | null;
  /** More filters above the lines (the fleet tail's device and service). */
  filters?: ReactNode;
  /** A failed read the lines depend on (their service names), above the controls; the lines still show. */
  notice?: ReactNode;
  /** The name of a downloaded file, asked at the time of the download. */
  downloadName: () => string;
  /** Shown only to users who may clear the logs (resin.device_log.delete). */
  onClear?: (() => void) | null;
  emptyText: string;
  /** The fleet tail names each line's device. */
  showDevice?: boolean;
}

/**
 * A live log card (fleets spec §2 "Logs panel"): the lines (virtualized, at most 5000), a search
 * debounced by 500 ms, the timestamps and UTC switches (remembered per user), download of the
 * lines shown, clear (for those allowed) and expand into a full-screen dialog. Its states are
 * honest: connecting, an error that says what failed with Retry (the stream also retries by
 * itself), and the empty message only once the stream has been quiet for 3 s.
 */
export function LogsCard(props: LogsCardProps) {
  const { t } = useTranslation('deviceLogs');
  const { title, expandedTitle, stream, nameLine, serviceFilter = null, showDevice = false } = props;
  const headingId = useId();
  const [preferences, setPreferences] = useLogPreferences();
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search, LOG_SEARCH_DEBOUNCE_MS);
  const [isExpanded, setIsExpanded] = useState(false);
  const cardRef = useRef<HTMLElement>(null);
  // "Show logs" of a service (the container table) lands here: bring the card into view once its
  // first lines are in — not at mount, when the page's focus on its h1 and the cards above that
  // are still loading would move it away again.
  const filteredService = serviceFilter?.name ?? null;
  const hasLines = stream.lines.length > 0;
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    if (filteredService === null) scrolledFor.current = null;
    else if (hasLines && scrolledFor.current !== filteredService) {
      scrolledFor.current = filteredService;
      cardRef.current?.scrollIntoView({ block: 'start' });
    }
  }, [filteredService, hasLines]);

  const named = useMemo(() => stream.lines.map(nameLine), [stream.lines, nameLine]);
  const shown = useMemo(() => filterLogLines(named, settledSearch, serviceFilter?.name ?? null), [named, settledSearch, serviceFilter]);

  const handleDownload = () => saveText(props.downloadName(), logDownloadText(shown, showDevice));

  const controls = (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
      <TextField
        size="small"
        type="search"
        label={t('search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ flex: '1 1 12rem', minWidth: 0 }}
      />
      {props.filters}
      <FormControlLabel
        control={<Switch checked={!preferences.hideTimestamps} onChange={(event) => setPreferences({ hideTimestamps: !event.target.checked })} />}
        label={t('timestamps')}
      />
      <FormControlLabel
        control={<Switch checked={preferences.isUtc} onChange={(event) => setPreferences({ isUtc: event.target.checked })} />}
        label={t('utc')}
      />
      {serviceFilter && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Chip label={t('serviceFilter', { service: serviceFilter.name })} color="primary" variant="outlined" />
          <Button size="small" onClick={serviceFilter.onClear}>
            {t('clearServiceFilter')}
          </Button>
        </Box>
      )}
    </Box>
  );

  const actions = (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      <Tooltip title={t('download')}>
        <span>
          <IconButton aria-label={t('download')} onClick={handleDownload} disabled={shown.length === 0}>
            <DownloadIcon />
          </IconButton>
        </span>
      </Tooltip>
      {props.onClear && (
        <Tooltip title={t('clear')}>
          <IconButton aria-label={t('clear')} onClick={props.onClear}>
            <DeleteSweepIcon />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );

  const body = (height: string | number) => (
    <>
      <StreamProblem stream={stream} />
      {props.notice && <Box sx={{ mb: 1 }}>{props.notice}</Box>}
      {controls}
      <LinesOrState stream={stream} shown={shown} height={height} emptyText={props.emptyText} isUtc={preferences.isUtc} showTimestamps={!preferences.hideTimestamps} showDevice={showDevice} />
      {/* A count only of lines read: "0 lines" beside a stream that never answered would claim there are none. */}
      {(stream.lines.length > 0 || stream.status.kind === 'live') && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {t('lineCount', { count: shown.length })}
        </Typography>
      )}
    </>
  );

  return (
    <Card ref={cardRef} variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2" id={headingId}>
            {title}
          </Typography>
          <Box sx={{ mr: 'auto' }}>
            <StatusChip stream={stream} />
          </Box>
          {actions}
          <Tooltip title={t('expand')}>
            <IconButton aria-label={t('expand')} onClick={() => setIsExpanded(true)}>
              <OpenInFullIcon />
            </IconButton>
          </Tooltip>
        </Box>
        {/* While expanded the lines show in the dialog only: one list, one scroll position to follow. */}
        {!isExpanded && body(360)}
      </CardContent>
      {isExpanded && (
        <Dialog open fullScreen onClose={() => setIsExpanded(false)} aria-labelledby={`${headingId}-dialog`}>
          <DialogTitle id={`${headingId}-dialog`} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Box component="span" sx={{ mr: 'auto', overflowWrap: 'anywhere' }}>
              {expandedTitle}
            </Box>
            {actions}
            <IconButton aria-label={t('close')} onClick={() => setIsExpanded(false)}>
              <CloseIcon />
            </IconButton>
          </DialogTitle>
          <DialogContent sx={{ display: 'flex', flexDirection: 'column' }}>{body('calc(100vh - 220px)')}</DialogContent>
        </Dialog>
      )}
    </Card>
  );
}

function StatusChip({ stream }: { stream: LogStreamView }) {
  const { t } = useTranslation('deviceLogs');
  const { kind } = stream.status;
  return <Chip size="small" label={t(`status.${kind}`)} color={kind === 'live' ? 'success' : kind === 'failed' ? 'error' : 'default'} />;
}

/** A failed stream says what failed and offers Retry; an end of stream only reconnects (the status chip says so). */
function StreamProblem({ stream }: { stream: LogStreamView }) {
  const { t } = useTranslation('deviceLogs');
  const { status } = stream;
  if (status.kind !== 'failed' && !(status.kind === 'retrying' && status.failure.kind !== 'ended')) return null;
  const reason = status.kind === 'retrying' && status.failure.kind === 'network' ? t('error.network') : status.message;
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ mb: 1 }}
      action={
        <Button color="inherit" size="small" onClick={stream.retry}>
          {t('error.retry')}
        </Button>
      }
    >
      <AlertTitle>{t('error.title')}</AlertTitle>
      {reason}
      {status.kind === 'retrying' && ` ${t('error.retrying', { seconds: Math.round(status.retryInMs / 1000) })}`}
    </Alert>
  );
}

function LinesOrState({ stream, shown, height, emptyText, isUtc, showTimestamps, showDevice }: {
  stream: LogStreamView;
  shown: ShownLogLine[];
  height: string | number;
  emptyText: string;
  isUtc: boolean;
  showTimestamps: boolean;
  showDevice: boolean;
}) {
  const { t } = useTranslation('deviceLogs');
  if (shown.length > 0) return <LogLinesList lines={shown} label={t('regionLabel')} height={height} isUtc={isUtc} showTimestamps={showTimestamps} showDevice={showDevice} />;
  let message: ReactNode = null;
  if (stream.lines.length > 0) message = t('noMatch');
  else if (stream.status.kind === 'connecting' && !stream.isEmptyShown)
    message = (
      <>
        <CircularProgress size={16} sx={{ mr: 1, verticalAlign: 'middle' }} aria-hidden />
        {t('connecting')}
      </>
    );
  else if (stream.status.kind === 'live' && stream.isEmptyShown) message = emptyText;
  return (
    <Box sx={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center', border: 1, borderColor: 'divider', borderRadius: 1, p: 2, textAlign: 'center' }}>
      <Typography variant="body2" color="text.secondary" component="p" role="status">
        {message}
      </Typography>
    </Box>
  );
}
