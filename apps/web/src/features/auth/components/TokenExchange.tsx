import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from '@tanstack/react-router';
import { useSessionMutation } from '../hooks/use-session-mutation.ts';

/** Where a failed sign-in sends the person to try again. */
export interface TryAgain {
  to: '/login' | '/saml';
  label: string;
}

/**
 * The end of a sign-in that comes back from elsewhere (social callback, SAML sign-on): one
 * answer, good once, exchanged for a session token — sent once (not again on React's
 * development double effect), with progress while it runs, then where sign-in goes (the saved
 * page, or the second factor first), or the failure and the way to try again.
 */
export function TokenExchange({ obtainToken, progress, failureText, tryAgain }: { obtainToken: () => Promise<string>; progress: string; failureText: (error: unknown) => string; tryAgain: TryAgain }) {
  const exchange = useSessionMutation(obtainToken, undefined);
  const isSent = useRef(false);
  useEffect(() => {
    if (isSent.current) return;
    isSent.current = true;
    exchange.mutate(undefined);
  }, [exchange]);
  if (exchange.isError) return <SignInFailed text={failureText(exchange.error)} tryAgain={tryAgain} />;
  return (
    <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
      <CircularProgress size={24} aria-hidden />
      <Typography>{progress}</Typography>
    </Stack>
  );
}

export function SignInFailed({ text, tryAgain }: { text: string; tryAgain: TryAgain }) {
  return (
    <Stack spacing={2}>
      <Alert severity="error">{text}</Alert>
      <Button variant="contained" component={Link} to={tryAgain.to}>
        {tryAgain.label}
      </Button>
    </Stack>
  );
}
