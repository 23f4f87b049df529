import Alert from '@mui/material/Alert';

/** Fleets spec §2 "Routing rules": the info banner for a user without the page's permission. */
export function UnauthorizedBanner({ message }: { message: string }) {
  return (
    <Alert severity="info" role="status">
      {message}
    </Alert>
  );
}
