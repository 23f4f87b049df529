import '../release-detail-catalog.ts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '../../../components/SettingsSection.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { ReadOnlyTerminal } from '../../../components/terminal/ReadOnlyTerminal.tsx';
import { releaseBuildQuery, type ReleaseBuild } from '../api/release-detail.queries.ts';
import { BUILD_LOG_SCROLLBACK, buildLogHeight, buildLogTail } from '../build-log.ts';
import { compositionYaml } from '../compose-yaml.ts';
import { composeFileName, downloadText } from '../download-names.ts';

/**
 * The release's docker-compose view and build log (fleets spec §2 "Release detail"), one chunk
 * with the YAML writer, loaded when a reader who may see them opens the summary. Both come from
 * one read of the release's large fields.
 */
export default function ReleaseBuildCards({ releaseId, appName, version }: { releaseId: number; appName: string; version: string }) {
  const { t } = useTranslation('releaseDetail');
  const query = useQuery(releaseBuildQuery(releaseId));
  return (
    <QueryState query={query} what={t('build.what')}>
      {(build) =>
        build && (
          <>
            <ComposeCard build={build} appName={appName} version={version} />
            <BuildLogCard log={build.build_log} />
          </>
        )
      }
    </QueryState>
  );
}

/** A scrollable block of text that keyboard users can reach and scroll (axe: scrollable-region-focusable). */
const scrollBox = {
  m: 0,
  p: 1.5,
  maxHeight: 420,
  overflow: 'auto',
  bgcolor: 'grey.900',
  color: 'grey.100',
  borderRadius: 1,
  fontFamily: 'monospace',
  fontSize: 13,
  lineHeight: 1.45,
  whiteSpace: 'pre',
} as const;

function ComposeCard({ build, appName, version }: { build: ReleaseBuild; appName: string; version: string }) {
  const { t } = useTranslation('releaseDetail');
  const yaml = compositionYaml(build.composition);
  return (
    <Card variant="outlined" component="section" aria-labelledby="release-compose-title">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2" id="release-compose-title" sx={{ flexGrow: 1 }}>
            {t('compose.title')}
          </Typography>
          {yaml !== null && (
            <Button size="small" startIcon={<DownloadIcon />} onClick={() => downloadText(composeFileName(appName, version), yaml, 'application/yaml')}>
              {t('compose.download')}
            </Button>
          )}
        </Box>
        {yaml === null ? (
          <Typography variant="body2" color="text.secondary">
            {t('compose.could_not_parse_composition_data')}
          </Typography>
        ) : (
          <Box component="pre" tabIndex={0} aria-label={t('compose.label')} sx={scrollBox}>
            {yaml}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The build log, its last 2999 lines (fleets spec §9: scrollback 3000), in a read-only terminal
 * (ANSI colours kept) scrolled to its end, where a failed build says why. xterm loads in its own
 * chunk only when there is a log to show.
 */
function BuildLogCard({ log }: { log: string | null }) {
  const { t } = useTranslation('releaseDetail');
  const { lines, omitted } = buildLogTail(log);
  return (
    <SettingsSection title={t('buildLog.title')}>
        {lines.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('buildLog.empty')}
          </Typography>
        ) : (
          <>
            {omitted > 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('buildLog.omitted', { omitted, count: lines.length })}
              </Typography>
            )}
            <ReadOnlyTerminal
              text={lines.join('\n')}
              label={t('buildLog.label')}
              scrollback={BUILD_LOG_SCROLLBACK}
              height={buildLogHeight(lines.length)}
              regionProps={{ 'data-line-count': lines.length }}
            />
          </>
        )}
    </SettingsSection>
  );
}
