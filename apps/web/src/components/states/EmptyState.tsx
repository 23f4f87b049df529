import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export function EmptyState({ title, help, action }: { title: string; help?: ReactNode; action?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 5, textAlign: 'center' }}>
      <Typography variant="h6" component="p" gutterBottom>
        {title}
      </Typography>
      {help && (
        <Typography color="text.secondary" sx={{ mb: action ? 2 : 0 }}>
          {help}
        </Typography>
      )}
      {action}
    </Paper>
  );
}
