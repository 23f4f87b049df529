import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Availability, SupervisorAction } from '@flotilla/core/device-actions';
import { isDangerous } from '../device-action-rules.ts';

/** The banners some actions carry (fleets spec §2 "Device action pages": optional info and warning). */
const BANNERS: Partial<Record<SupervisorAction, 'info' | 'warning'>> = {
  restart: 'info',
  reboot: 'info',
  purge: 'warning',
  shutdown: 'warning',
};

/**
 * One action of the actions page: title, blurb, docs link, its banner, and the button, disabled
 * with the reason under it when the action is not available (§5). The button only asks; the
 * confirmation, the update lock and the result belong to the shared flow.
 */
export function DeviceActionSection({ action, availability, docsUrl, isRunning, onRun }: {
  action: SupervisorAction;
  /** null while the user's roles are loading. */
  availability: Availability | null;
  docsUrl: string | null;
  isRunning: boolean;
  onRun: () => void;
}) {
  const { t } = useTranslation('deviceActions');
  const titleId = useId();
  const reasonId = useId();
  const banner = BANNERS[action];
  const reason = availability === null ? t('checking') : availability.isAvailable ? null : t(`unavailable.${availability.reason}`);
  const title = t(`actions.${action}.title`);
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography variant="h6" component="h2" id={titleId} gutterBottom>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t(`actions.${action}.blurb`)}
        </Typography>
        {docsUrl ? (
          <Link href={docsUrl} target="_blank" rel="noopener noreferrer" variant="body2">
            {t('page.docsLink', { title })}
          </Link>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('page.docsText')}
          </Typography>
        )}
        {banner && (
          <Alert severity={banner} sx={{ mt: 2 }}>
            {t(`actions.${action}.${banner}`)}
          </Alert>
        )}
        <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          {/*
            Not disabled while an action runs (a disabled button would drop the keyboard focus);
            the flow ignores a second request meanwhile, and the progress says it is running.
          */}
          <Button
            variant="contained"
            color={isDangerous(action) ? 'error' : 'primary'}
            disabled={!availability?.isAvailable}
            aria-describedby={reason ? reasonId : undefined}
            onClick={onRun}
          >
            {t(`actions.${action}.button`)}
          </Button>
          {isRunning && (
            <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <CircularProgress size={20} aria-hidden />
              <Typography variant="body2">{t('page.running')}</Typography>
            </Box>
          )}
          {reason && (
            <Typography id={reasonId} variant="body2" color="text.secondary" data-testid={`reason-${action}`}>
              {reason}
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
