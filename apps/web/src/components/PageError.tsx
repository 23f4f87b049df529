import Box from '@mui/material/Box';
import { useRouter } from '@tanstack/react-router';
import { ErrorState } from './states/ErrorState.tsx';

/**
 * A route that failed to load (the router's errorComponent): what failed and Retry, which
 * re-runs the route's loaders and refetches its queries instead of reloading the whole app.
 */
export function PageError({ error, reset }: { error: unknown; reset?: () => void }) {
  const router = useRouter();
  return (
    <Box sx={{ p: { xs: 2, sm: 4 } }}>
      <ErrorState
        error={error}
        onRetry={async () => {
          reset?.();
          await router.invalidate();
        }}
      />
    </Box>
  );
}
