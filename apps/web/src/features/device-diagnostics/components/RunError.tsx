import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http.ts';

/** Why a run could not start (the server's words: offline, unsupported, not permitted), or nothing. */
export function RunError({ error }: { error: Error | null }) {
  const { t } = useTranslation('deviceDiagnostics');
  if (!error) return null;
  const message = error instanceof ApiError ? error.message : t('runFailed');
  return <Alert severity="error">{t('failed_query_check', { error: message })}</Alert>;
}
