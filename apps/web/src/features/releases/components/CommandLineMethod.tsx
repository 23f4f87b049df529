import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/CopyField.tsx';
import { cliCommands, cliDownloads } from '../add-release.ts';

/**
 * The command-line method: install the balena CLI of the configured version, point it at this
 * server, sign in, deploy; or, without Docker, Flotilla's own `release create` from images
 * already pushed.
 */
export function CommandLineMethod(props: { fleetSlug: string; cliVersion: string; cliDownloadBaseUrl: string; apiUrl: string }) {
  const { fleetSlug, cliVersion, cliDownloadBaseUrl, apiUrl } = props;
  const { t } = useTranslation('releases');
  const commands = cliCommands(fleetSlug);
  return (
    <Stack spacing={3}>
      <section>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          {t('add.install', { version: cliVersion })}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {t('add.installHelp', { version: cliVersion })}
        </Typography>
        <Stack component="ul" aria-label={t('add.downloadLinks', { version: cliVersion })} direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {cliDownloads(cliDownloadBaseUrl, cliVersion).map((d) => (
            <li key={d.platform}>
              <Link href={d.href} rel="noopener noreferrer" title={d.fileName}>
                {t(`add.download.${d.platform}`)}
              </Link>
            </li>
          ))}
        </Stack>
      </section>
      <section>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          {t('add.server')}
        </Typography>
        <CopyField label={t('add.serverCommand')} value={`export BALENARC_API_URL=${apiUrl}`} />
      </section>
      <section>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          {t('add.login')}
        </Typography>
        <CopyField label={t('add.loginCommand')} value={commands.login} />
      </section>
      <section>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          {t('add.deploy', { slug: fleetSlug })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('add.deployHelp')}
        </Typography>
        <Stack spacing={2}>
          <CopyField label={t('add.deployCommand')} value={commands.deploy} />
          <CopyField label={t('add.pushCommand')} value={commands.push} />
        </Stack>
      </section>
      <section>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          {t('add.noDocker')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('add.noDockerHelp')}
        </Typography>
        <CopyField label={t('add.createCommand')} value={commands.create} />
      </section>
    </Stack>
  );
}
