import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { I18nextProvider } from 'react-i18next';
import i18n from './lib/i18n.ts';
import { createQueryClient } from './lib/create-query-client.ts';
import { setNetworkFailureText } from './lib/http.ts';
import { createAppRouter } from './router.tsx';
import { theme } from './theme.ts';
import { useLiveQueries } from './lib/live/use-live-queries.ts';
import { Toasts } from './components/Toasts.tsx';

// A request that reached no server fails with words the user can act on (lib/http.ts NetworkError).
setNetworkFailureText(() => i18n.t('common:states.networkFailure'));

/** Providers: theme, i18n, toasts (no duplicates, fleets spec §8), server state, router. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));
  // Device status and metrics pushed into the cache (lib/live/), instead of polling every list.
  useLiveQueries(queryClient);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
        <Toasts router={router} />
      </I18nextProvider>
    </ThemeProvider>
  );
}
