import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Label/value pairs of a summary card, as a description list. */
export function InfoList({ items }: { items: Array<{ label: string; value: ReactNode }> }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(140px, max-content) 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
      {items.map((item) => (
        <Box key={item.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {item.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>
            {item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
