import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { deviceQuery, type DeviceDetail } from '../api/devices.queries.ts';

export interface DevicePageFrameProps {
  uuid: string;
  /** The page's one h1, shown while the device loads too. */
  title: string;
  /** The document title once the device's name is known. */
  pageTitle: (deviceName: string) => string;
  /** What QueryState names in its loading and error states. */
  what: string;
  /** Said when the device was deleted meanwhile. */
  notFound: string;
  maxWidth?: number;
  children: (device: DeviceDetail) => ReactNode;
}

/**
 * A page of one device (actions, settings, diagnostics…): its h1 from the start, the document
 * title once the device is read, and the device through QueryState (loading, error with Retry,
 * forbidden), or a note when it is gone.
 */
export function DevicePageFrame({ uuid, title, pageTitle, what, notFound, maxWidth, children }: DevicePageFrameProps) {
  const query = useQuery(deviceQuery(uuid));
  usePageTitle(query.data ? pageTitle(query.data.device_name) : null);
  return (
    <Box sx={maxWidth === undefined ? undefined : { maxWidth }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <QueryState query={query} what={what}>
        {(device) => (device ? children(device) : <Alert severity="info">{notFound}</Alert>)}
      </QueryState>
    </Box>
  );
}
