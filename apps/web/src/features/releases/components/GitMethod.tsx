import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/CopyField.tsx';
import { gitCommands, gitRemote } from '../add-release.ts';

/**
 * The git method: the fleet's remote `<username>@<git server>:<fleet slug>.git` and the two
 * commands that use it. A server without a git endpoint (GIT_SERVER unset) says so instead of
 * showing a remote nobody answers.
 */
export function GitMethod({ fleetSlug, gitServer, username }: { fleetSlug: string; gitServer: string | null; username: string | undefined }) {
  const { t } = useTranslation('releases');
  const remote = gitRemote(username, gitServer, fleetSlug);
  if (!gitServer) return <Alert severity="info">{t('add.gitUnavailable')}</Alert>;
  if (remote === null) return <Alert severity="info">{t('add.gitNoUsername')}</Alert>;
  const commands = gitCommands(remote);
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('add.gitHelp')}
      </Typography>
      <CopyField label={t('add.gitRemote')} value={remote} />
      <CopyField label={t('add.gitAddRemote')} value={commands.addRemote} />
      <CopyField label={t('add.gitPush')} value={commands.push} />
    </Stack>
  );
}
