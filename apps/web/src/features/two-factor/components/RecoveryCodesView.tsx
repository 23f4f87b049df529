import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from 'react-i18next';
import { recoveryCodesFile } from '../recovery-codes.ts';
import { saveBlob } from '../../../lib/save-file.ts';

/** Recovery codes, shown once, with download and copy (accounts spec §4). */
export function RecoveryCodesView({ codes }: { codes: string[] }) {
  const { t } = useTranslation('twoFactor');
  const handleDownload = () => saveBlob('flotilla-recovery-codes.txt', recoveryCodesFile(codes));
  const handleCopy = () => {
    void navigator.clipboard.writeText(codes.join('\n')).then(
      () => toast(t('tab.copied'), { variant: 'success' }),
      () => undefined,
    );
  };
  return (
    <Stack spacing={2}>
      <Typography variant="body2">{t('tab.recoveryIntro')}</Typography>
      <Box
        component="ul"
        data-testid="recovery-codes"
        sx={{ fontFamily: 'monospace', columns: 2, listStyle: 'none', p: 2, m: 0, bgcolor: 'action.hover', borderRadius: 1 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={handleDownload}>
          {t('tab.download')}
        </Button>
        <Button variant="outlined" onClick={handleCopy}>
          {t('tab.copy')}
        </Button>
      </Stack>
    </Stack>
  );
}
