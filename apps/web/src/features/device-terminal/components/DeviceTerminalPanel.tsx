import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TERMINAL_RECONNECT_ATTEMPTS } from '@flotilla/core/terminal';
import { TERMINAL_BACKGROUND } from '../../../components/terminal/terminal-theme.ts';
import { StatusDot } from '../../../components/StatusDot.tsx';
import { useTerminalSession, type TerminalSessionView } from '../hooks/use-terminal-session.ts';
import type { TerminalTab } from '../terminal-targets.ts';

/** xterm.js and its CSS come in their own chunk, fetched when a session first starts. */
const InteractiveXterm = lazy(() => import('./InteractiveXterm.tsx'));

const SCREEN_HEIGHT = 320;

export interface DeviceTerminalPanelProps {
  uuid: string;
  tab: TerminalTab;
  /** The tab's name as shown (host OS or the service). */
  targetLabel: string;
  /** Moves focus back to the card's tabs (Shift+Escape in the terminal). */
  onLeave: () => void;
  /** The session wrote something (the card marks unseen activity on a tab not shown). */
  onOutput?: () => void;
}

function StateLine({ view }: { view: TerminalSessionView }) {
  const { t } = useTranslation('deviceTerminal');
  const color = view.status === 'connected' ? 'success' : view.status === 'failed' ? 'error' : 'info';
  let detail: string | null = null;
  if (view.status === 'connecting' && view.notice === 'notLinked') detail = t('unavailable.notLinked');
  else if (view.status === 'connecting' && view.notice === 'sshSessionDisconnected') detail = t('errors.ssh_session_disconnected', { attempt: view.attempt, max: TERMINAL_RECONNECT_ATTEMPTS });
  else if (view.status === 'failed') {
    detail =
      view.error === 'reconnectFailed'
        ? t('errors.reconnect_failed')
        : view.error === 'unauthorized'
          ? t('errors.unauthorized')
          : view.error === 'unavailable' && view.reason
            ? t(`unavailable.${view.reason}`)
            : t('errors.connection_error');
  }
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <StatusDot color={color} label={t(`state.${view.status}`)} />
      {detail && (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      )}
    </Box>
  );
}

/**
 * One tab's terminal (fleets spec §2, §4, §5, §8): the reason when the start rules forbid it,
 * else a start button, then the session — its state line, the terminal, and End session / Retry.
 * Mounted per device and target, and kept while the card shows another tab: leaving the device
 * closes the session. The button pressed goes away, so focus follows: Start and Retry focus the
 * terminal, End session the start button.
 */
export function DeviceTerminalPanel({ uuid, tab, targetLabel, onLeave, onOutput }: DeviceTerminalPanelProps) {
  const { t } = useTranslation('deviceTerminal');
  const [isStarted, setIsStarted] = useState(false);
  /** Counts Start and Retry presses: each focuses the terminal (InteractiveXterm's focusRequest). */
  const [focusRequest, setFocusRequest] = useState(0);
  const startRef = useRef<HTMLButtonElement | null>(null);
  const isEnded = useRef(false);
  useEffect(() => {
    if (isStarted || !isEnded.current) return;
    isEnded.current = false;
    startRef.current?.focus();
  }, [isStarted]);
  const { availability } = tab;
  const isBlocked = !availability.isAvailable && availability.reason !== 'notLinked';
  const session = useTerminalSession({ uuid, target: tab.target, isEnabled: isStarted && !isBlocked, reattachKey: tab.installId, onOutput });

  if (isBlocked) return <Alert severity="info">{t(`unavailable.${availability.reason}`)}</Alert>;
  if (!isStarted) {
    return (
      <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
        {!availability.isAvailable && <Alert severity="info">{t('unavailable.notLinked')}</Alert>}
        <Button
          ref={startRef}
          variant="contained"
          onClick={() => {
            setIsStarted(true);
            setFocusRequest((n) => n + 1);
          }}
        >
          {t('start')}
        </Button>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <StateLine view={session.view} />
        <Box sx={{ display: 'flex', gap: 1 }}>
          {session.view.status === 'failed' && (
            <Button
              variant="outlined"
              size="small"
              onClick={() => {
                session.retry();
                setFocusRequest((n) => n + 1);
              }}
            >
              {t('retry')}
            </Button>
          )}
          <Button
            size="small"
            onClick={() => {
              isEnded.current = true;
              setIsStarted(false);
            }}
          >
            {t('stop')}
          </Button>
        </Box>
      </Box>
      <Suspense
        fallback={
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: SCREEN_HEIGHT + 16, bgcolor: TERMINAL_BACKGROUND, borderRadius: 1 }}>
            <CircularProgress aria-label={t('loading')} />
          </Box>
        }
      >
        <InteractiveXterm label={t('screenLabel', { target: targetLabel })} height={SCREEN_HEIGHT} onData={session.send} onResize={session.resize} onAttach={session.attach} onLeave={onLeave} focusRequest={focusRequest} />
      </Suspense>
      <Typography variant="caption" color="text.secondary">
        {t('leaveHint')}
      </Typography>
    </Box>
  );
}
