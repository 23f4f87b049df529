import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';

/** The caller may not see this: said plainly, without a Retry that cannot help. */
export function ForbiddenState({ message }: { message?: string }) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" data-testid="forbidden-state">
      <AlertTitle>{t('states.forbiddenTitle')}</AlertTitle>
      {message ?? t('states.forbiddenMessage')}
    </Alert>
  );
}
