import { useId, type ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

/** One setting of the page: a labelled region (its h2 names it for screen readers and tests). */
export function SettingsSection({ title, intro, danger, children }: { title: string; intro?: ReactNode; danger?: boolean; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ overflowWrap: 'anywhere', ...(danger ? { borderColor: 'error.main' } : {}) }}
    >
      <CardContent>
        <Typography variant="h6" component="h2" id={titleId} gutterBottom color={danger ? 'error' : undefined}>
          {title}
        </Typography>
        {intro && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {intro}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
