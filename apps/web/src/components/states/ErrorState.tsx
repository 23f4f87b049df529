import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { queryFailureDetail, queryFailureKind } from './query-failure.ts';
import { ForbiddenState } from './ForbiddenState.tsx';

/**
 * A failed load says what failed and offers Retry; it never looks like "no results".
 * `what` names the thing that could not be loaded ("the fleets"). A 403 renders as forbidden.
 */
export function ErrorState({ error, what, onRetry }: { error: unknown; what?: string; onRetry?: () => unknown }) {
  const { t } = useTranslation();
  const kind = queryFailureKind(error);
  if (kind === 'forbidden') return <ForbiddenState />;
  const detail = queryFailureDetail(error);
  return (
    <Alert
      severity="error"
      role="alert"
      data-testid="error-state"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={() => void onRetry()}>
            {t('retry')}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{what ? t('states.couldNotLoadThing', { what }) : t('states.couldNotLoad')}</AlertTitle>
      {kind === 'network' ? t('states.networkFailure') : detail || t('errors.generic')}
    </Alert>
  );
}
