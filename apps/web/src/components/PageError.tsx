import Box from '@mui/material/Box';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState } from './states/ErrorState.tsx';
import { HiddenPageHeading } from './VisuallyHidden.tsx';

/**
 * A route that failed to load (the router's errorComponent): what failed and Retry, which
 * re-runs the route's loaders and refetches its queries instead of reloading the whole app.
 * `asPage`: as PageLoading's, the page's one h1 while its own is unknown. `onRetry`: a page
 * showing its own failed query retries that query instead.
 */
export function PageError({
  error,
  reset,
  onRetry,
  asPage = false,
  thing,
}: {
  error: unknown;
  reset?: () => void;
  onRetry?: () => unknown;
  asPage?: boolean;
  /** What failed to load, a key of `common:states.things`. */
  thing?: 'fleet' | 'device' | 'release' | 'organization';
}) {
  const router = useRouter();
  const { t } = useTranslation();
  const what = thing ? t(`states.things.${thing}`) : undefined;
  return (
    <Box sx={{ p: { xs: 2, sm: 4 } }}>
      {asPage && <HiddenPageHeading>{what ? t('states.couldNotLoadThing', { what }) : t('states.couldNotLoad')}</HiddenPageHeading>}
      <ErrorState
        error={error}
        what={what}
        onRetry={
          // A page's own failed query retries itself; the router's loaders are not what failed.
          onRetry ??
          (async () => {
            reset?.();
            await router.invalidate();
          })
        }
      />
    </Box>
  );
}
