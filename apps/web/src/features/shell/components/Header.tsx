import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ChangelogButton } from './ChangelogButton.tsx';
import { HeaderLinks } from './HeaderLinks.tsx';
import { UserMenu } from './UserMenu.tsx';
import { useHeaderFlagged } from '../../staff/use-account-flags.ts';
import { SupportButton } from '../../support/components/SupportButton.tsx';

/** The phone navigation drawer this header's menu button opens (under `md`). */
export interface HeaderNavigation {
  controlsId: string;
  isOpen: boolean;
  onOpen: () => void;
}

export function Header({ navigation }: { navigation: HeaderNavigation | null }) {
  const { t } = useTranslation();
  // Accounts spec §2: red for admin or flagged accounts.
  const flagged = useHeaderFlagged();
  return (
    <AppBar
      position="fixed"
      data-flagged={flagged ? 'true' : undefined}
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, ...(flagged ? { bgcolor: 'error.main' } : {}) }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        {navigation && (
          // No edge="start": its negative margin put the button's left edge, and its focus ring,
          // beyond the screen's edge at 390 px (the toolbar's padding there is only 8 px).
          <IconButton
            color="inherit"
            aria-label={t('shell:header.openNavigation')}
            aria-controls={navigation.controlsId}
            aria-expanded={navigation.isOpen}
            onClick={navigation.onOpen}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Typography
          variant="h6"
          component={Link}
          to="/"
          noWrap
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, flexShrink: 0 }}
        >
          {t('appName')}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <HeaderLinks />
        <SupportButton />
        <ChangelogButton />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
