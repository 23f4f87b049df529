import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

/**
 * Loading, announced to assistive technology (`role=status`). `rows` draws a skeleton of that
 * many lines (tables, lists) so the page does not jump when data arrives; without it, a spinner.
 */
export function LoadingState({ label, rows }: { label?: string; rows?: number }) {
  const { t } = useTranslation();
  const text = label ?? t('loading');
  if (rows !== undefined) {
    return (
      <Stack role="status" aria-live="polite" aria-label={text} spacing={1} sx={{ py: 1 }} data-testid="loading-state">
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={32} />
        ))}
      </Stack>
    );
  }
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', justifyContent: 'center', p: 4 }} data-testid="loading-state">
      <CircularProgress aria-label={text} />
    </Box>
  );
}
