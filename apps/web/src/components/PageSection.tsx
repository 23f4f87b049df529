import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/**
 * One section of a page made of cards (billing, credits): a region named by its h2, with actions
 * beside the title. `id` is its anchor (#payment-method, #billing-plans); the region can take
 * focus so a jump to the anchor lands there for keyboard and screen reader users too.
 */
export function PageSection({ id, title, actions, children }: { id?: string; title: string; actions?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      id={id}
      tabIndex={id ? -1 : undefined}
      aria-labelledby={headingId}
      sx={{ p: 2, height: '100%', minWidth: 0, overflowWrap: 'anywhere', scrollMarginTop: 80, '&:focus': { outline: 'none' } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Paper>
  );
}
