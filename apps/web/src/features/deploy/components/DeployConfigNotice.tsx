import '../deploy-catalog.ts';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { DeployState } from '../hooks/use-deploy-config.ts';

/**
 * In the create-fleet dialog while a deploy is in progress: the repository being deployed, what
 * its balena.yml brings (variables), and the import's failure in the spec's words.
 */
export function DeployConfigNotice({ deploy }: { deploy: DeployState }) {
  const { t } = useTranslation('deploy');
  const { config, contract, error, isLoading } = deploy;
  if (config === null) return null;
  const source = config.repoUrl ?? config.tarballUrl;
  const variableCount = (contract?.applicationConfigVariables.length ?? 0) + (contract?.applicationEnvironmentVariables.length ?? 0);
  return (
    <Stack spacing={1}>
      {source && (
        <Alert severity="info" sx={{ overflowWrap: 'anywhere' }}>
          {t('deploying', { source })}
          {isLoading && ` ${t('loading')}`}
          {variableCount > 0 && ` ${t('variables', { count: variableCount })}`}
        </Alert>
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
