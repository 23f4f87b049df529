import { useId, type ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

/**
 * One setting on a settings page (fleet or device): a labelled region (its h2 names it for screen
 * readers, tests and the #anchor focus). `reason` says why its controls are disabled (§5: "the
 * reason is shown").
 */
export function SettingsSection({ title, intro, danger, reason, children }: { title: string; intro?: ReactNode; danger?: boolean; reason?: string | null; children?: ReactNode }) {
  const titleId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId} sx={{ overflowWrap: 'anywhere', ...(danger ? { borderColor: 'error.main' } : {}) }}>
      <CardContent>
        <Typography variant="h6" component="h2" id={titleId} gutterBottom color={danger ? 'error' : undefined}>
          {title}
        </Typography>
        {intro && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {intro}
          </Typography>
        )}
        {reason && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="section-reason">
            {reason}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
