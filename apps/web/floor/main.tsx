/**
 * The stack floor (issue 16 W10's ceiling): the smallest sign-in page the design's libraries
 * make (DESIGN.md "Dashboard": React 19, MUI, TanStack Router and Query, react-hook-form,
 * react-i18next, zod), with no Flotilla code. scripts/bundle-floor.ts builds it with the same
 * bundler settings as the dashboard and weighs it like a route of apps/web/bundle-budget.json,
 * so the budget can say how much of a route's JavaScript is the stack and how much is ours.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { Link, RouterProvider, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import i18n from 'i18next';
import { useForm } from 'react-hook-form';
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
import { z } from 'zod';

void i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: { title: 'Sign in', email: 'Email', password: 'Password', submit: 'Sign in' } } } });

const session = z.object({ token: z.string().min(1) });

function SignIn() {
  const { t } = useTranslation();
  const { register, handleSubmit } = useForm({ defaultValues: { email: '', password: '' } });
  const mutation = useMutation({
    mutationFn: async (values: { email: string; password: string }) => {
      const res = await fetch('/login_', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(values) });
      return session.parse({ token: await res.text() });
    },
  });
  return (
    <Paper component="main" sx={{ p: 3, maxWidth: 400, mx: 'auto' }}>
      <Typography variant="h4" component="h1">{t('title')}</Typography>
      <form onSubmit={handleSubmit((v) => mutation.mutate(v))}>
        <Stack spacing={2}>
          {mutation.isError && <Alert severity="error">{mutation.error.message}</Alert>}
          <TextField label={t('email')} type="email" {...register('email', { required: true })} />
          <TextField label={t('password')} type="password" {...register('password', { required: true })} />
          <Button type="submit" variant="contained">{t('submit')}</Button>
          <Link to="/">{t('title')}</Link>
        </Stack>
      </form>
    </Paper>
  );
}

const rootRoute = createRootRoute();
const router = createRouter({ routeTree: rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: '/', component: SignIn })]) });
const queryClient = new QueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={createTheme()}>
      <CssBaseline />
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>
    </ThemeProvider>
  </StrictMode>,
);
