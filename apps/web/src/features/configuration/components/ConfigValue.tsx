import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isImageDataUrl } from '../config-values.ts';

/** The file name an image value downloads as: the variable's name with the image type's extension. */
function downloadName(name: string, value: string): string {
  const type = /^data:image\/([a-z0-9.+-]+)/i.exec(value)?.[1]?.replace('svg+xml', 'svg') ?? 'png';
  return `${name}.${type}`;
}

/**
 * One configuration value as text, or — for an image data URL (fleets spec §2) — the image 40 px
 * high, a link that downloads it. `fallback` says what applies when there is no value.
 */
export function ConfigValue({ name, value, fallback }: { name: string; value: string | null; fallback?: string }) {
  const { t } = useTranslation('configuration');
  if (value === null) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {fallback ?? t('notSet')}
      </Typography>
    );
  }
  if (isImageDataUrl(value)) {
    return (
      <Link href={value} download={downloadName(name, value)} aria-label={t('downloadImage', { name })} sx={{ display: 'inline-block', lineHeight: 0 }}>
        <Box component="img" src={value} alt={t('imageAlt', { name })} sx={{ height: 40, width: 'auto', maxWidth: 160, objectFit: 'contain', border: 1, borderColor: 'divider' }} />
      </Link>
    );
  }
  return (
    <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' }}>
      {value === '' ? '""' : value}
    </Box>
  );
}
