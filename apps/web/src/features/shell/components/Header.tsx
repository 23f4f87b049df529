import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { UserMenu } from './UserMenu.tsx';
import { useHeaderFlagged } from '../../staff/use-account-flags.ts';

export function Header() {
  const { t } = useTranslation();
  // Accounts spec §2: red for admin or flagged accounts.
  const flagged = useHeaderFlagged();
  return (
    <AppBar
      position="fixed"
      data-flagged={flagged ? 'true' : undefined}
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, ...(flagged ? { bgcolor: 'error.main' } : {}) }}
    >
      <Toolbar>
        <Typography
          variant="h6"
          component={Link}
          to="/"
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700 }}
        >
          {t('appName')}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
