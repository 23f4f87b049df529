import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import SuccessIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { effectiveReleaseStatus, isReleaseStatus, releaseDisplayStatus, showsImageStatusIcon } from '@flotilla/core/release-status';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { formatDate } from '../../../lib/format.ts';
import { releaseImagesQuery, type ReleaseImageItem, type ReleaseSummary } from '../api/release-detail.queries.ts';
import { formatBytes } from '../../../lib/format-size.ts';
import { DockerfileDialog } from './DockerfileDialog.tsx';

/**
 * The release's images (fleets spec §2 "image table with Dockerfile dialog"; §3 release_image):
 * service, status, size, push time and registry location, and each service's Dockerfile in a
 * dialog with its downloads. Image status icons are not shown for running, cancelled and local
 * releases (§4).
 */
export function ReleaseImagesCard({ release, appName }: { release: ReleaseSummary; appName: string }) {
  const { t } = useTranslation('releaseDetail');
  const query = useQuery(releaseImagesQuery(release.id));
  const [open, setOpen] = useState<ReleaseImageItem | null>(null);
  const withIcon = showsImageStatusIcon(effectiveReleaseStatus(release));
  return (
    <Card variant="outlined" component="section" aria-labelledby="release-images-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="release-images-title" gutterBottom>
          {t('images.title')}
        </Typography>
        <QueryState query={query} what={t('images.what')} isEmpty={(rows) => rows.length === 0} empty={<EmptyState title={t('images.empty')} />}>
          {(images) => (
            // Scrolls sideways on a phone; focusable so the keyboard can scroll it too.
            <TableContainer tabIndex={0} role="region" aria-label={t('images.tableLabel')}>
              <Table size="small" sx={{ minWidth: 640 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('images.service')}</TableCell>
                    <TableCell>{t('images.status')}</TableCell>
                    <TableCell>{t('images.size')}</TableCell>
                    <TableCell>{t('images.pushed')}</TableCell>
                    <TableCell>{t('images.location')}</TableCell>
                    <TableCell>{t('images.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {images.map((image) => (
                    <TableRow key={image.id}>
                      <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                        {image.serviceName}
                      </TableCell>
                      <TableCell>
                        <ImageStatus image={image} withIcon={withIcon} />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatBytes(image.size)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(image.pushedAt)}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere', minWidth: 180 }}>{image.location}</TableCell>
                      <TableCell>
                        <Button size="small" aria-label={t('images.showDockerfileOf', { service: image.serviceName })} onClick={() => setOpen(image)}>
                          {t('images.showDockerfile')}
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </QueryState>
      </CardContent>
      {open && <DockerfileDialog image={open} releaseId={release.id} appName={appName} version={release.raw_version} onClose={() => setOpen(null)} />}
    </Card>
  );
}

function ImageStatus({ image, withIcon }: { image: ReleaseImageItem; withIcon: boolean }) {
  const { t } = useTranslation('releaseDetail');
  const isFailed = ['failed', 'error', 'cancelled', 'interrupted', 'timeout'].includes(image.status);
  // An image's status has the release's values, shown in the same words (fleets spec "Release
  // status and display": success → Succeeded, error/timeout/interrupted → Failed); a value
  // outside that list is shown as it is rather than called failed.
  const words = isReleaseStatus(image.status) ? t(`status.${releaseDisplayStatus(image.status)}`) : image.status;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        {withIcon && image.status === 'success' && <SuccessIcon fontSize="small" color="success" aria-hidden />}
        {withIcon && isFailed && <ErrorIcon fontSize="small" color="error" aria-hidden />}
        <span>{words}</span>
      </Box>
      {image.errorMessage && (
        <Typography variant="caption" color="error" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {t('images.error', { message: image.errorMessage })}
        </Typography>
      )}
    </Box>
  );
}
