import '../preferences-catalog.ts';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/** Accounts spec §2: the tabs of /preferences, in order; each is a child route. */
export const PREFERENCES_TABS = [
  { path: 'details', labelKey: 'tabs.details' },
  { path: 'sshkeys', labelKey: 'tabs.sshkeys' },
  { path: 'access-tokens', labelKey: 'tabs.accessTokens' },
  { path: 'profile', labelKey: 'tabs.profile' },
  { path: '2fa', labelKey: 'tabs.twoFactor' },
  { path: 'experimental', labelKey: 'tabs.experimental' },
] as const;

export function PreferencesPage() {
  const { t } = useTranslation('preferences');
  usePageTitle(t('pageTitle'));
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const current = PREFERENCES_TABS.find((tab) => pathname.startsWith(`/preferences/${tab.path}`))?.path ?? false;

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      {/*
        Scroll buttons always there (invisible while disabled), not "auto": with "auto" they are
        mounted after the selected tab was scrolled into view, and the narrower scroller then cut
        it off on phones ("ACCESS" of Access tokens).
      */}
      <Tabs value={current} variant="scrollable" scrollButtons allowScrollButtonsMobile aria-label={t('title')} sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        {PREFERENCES_TABS.map((tab) => (
          <Tab key={tab.path} value={tab.path} label={t(tab.labelKey)} component={Link} to={`/preferences/${tab.path}`} />
        ))}
      </Tabs>
      <Outlet />
    </Box>
  );
}
