import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { useReadReleaseBuild, type ReleaseImageItem } from '../api/release-detail.queries.ts';
import { composeFileName, dockerfileName, downloadText } from '../download-names.ts';

/**
 * One service's Dockerfile (fleets spec §2 "Dockerfile dialog"; §8 no_dockerfile_available when
 * the image has none), with its downloads named from app, release and service: the Dockerfile,
 * and the service's part of the composition (read and written to YAML on demand).
 */
export function DockerfileDialog({ image, releaseId, appName, version, onClose }: { image: ReleaseImageItem; releaseId: number; appName: string; version: string; onClose: () => void }) {
  const { t } = useTranslation('releaseDetail');
  const { t: tc } = useTranslation('common');
  const titleId = useId();
  const readBuild = useReadReleaseBuild(releaseId);
  const [composeMissing, setComposeMissing] = useState(false);
  const dockerfile = image.dockerfile && image.dockerfile.trim() !== '' ? image.dockerfile : null;

  const downloadCompose = async () => {
    const [build, { serviceCompositionYaml }] = await Promise.all([readBuild(), import('../compose-yaml.ts')]);
    const yaml = serviceCompositionYaml(build?.composition, image.serviceName);
    if (yaml === null) {
      setComposeMissing(true);
      return;
    }
    downloadText(composeFileName(appName, version, image.serviceName), yaml, 'application/yaml');
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t('images.dockerfileTitle', { service: image.serviceName })}
      </DialogTitle>
      <DialogContent>
        {composeMissing && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('compose.could_not_parse_composition_data')}
          </Alert>
        )}
        {dockerfile === null ? (
          <Typography variant="body2" color="text.secondary">
            {t('images.no_dockerfile_available')}
          </Typography>
        ) : (
          <Box
            component="pre"
            tabIndex={0}
            aria-label={t('images.dockerfileTitle', { service: image.serviceName })}
            sx={{ m: 0, p: 1.5, maxHeight: 420, overflow: 'auto', bgcolor: 'grey.900', color: 'grey.100', borderRadius: 1, fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre' }}
          >
            {dockerfile}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<DownloadIcon />} disabled={dockerfile === null} onClick={() => dockerfile !== null && downloadText(dockerfileName(appName, version, image.serviceName), dockerfile)}>
          {t('images.downloadDockerfile')}
        </Button>
        <Button startIcon={<DownloadIcon />} onClick={() => void downloadCompose()}>
          {t('images.downloadCompose')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {tc('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
