import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import LogoutIcon from '@mui/icons-material/Logout';
import SettingsIcon from '@mui/icons-material/Settings';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { VISUALLY_HIDDEN, VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { truncateUsername } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { logout } from '../../../lib/session.ts';
import { clientConfigQuery } from '../../profile/api/client-config.queries.ts';
import { UserAvatar } from '../../profile/components/UserAvatar.tsx';
import { useAccountFlags } from '../../staff/use-account-flags.ts';
import { adminLinkFor } from '../admin-link.ts';

/** Accounts spec §2 Header: user dropdown with copy username, preferences, admin link (admins only) and sign out. */
export function UserMenu() {
  const { t } = useTranslation();
  const { data: actor } = useQuery(whoamiQuery);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const username = actor?.username ?? '';
  const { data: config } = useQuery(clientConfigQuery);
  const adminLink = adminLinkFor(useAccountFlags()?.isPlatformAdmin, config?.adminUrl);

  const handleCopy = () => {
    setAnchor(null);
    void navigator.clipboard?.writeText(username).then(() => notifySuccess(t('header.usernameCopied')), () => undefined);
  };

  const handleSignOut = () => {
    setAnchor(null);
    logout('signed-out');
  };

  return (
    <>
      {/*
        The name is what the button shows (avatar initials, username) followed by its purpose,
        so speech input users can say what they see (WCAG 2.5.3 label in name). On phones the
        username is visually hidden but stays in the name.
      */}
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<UserAvatar />}
        sx={{ textTransform: 'none', minWidth: 0, flexShrink: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
      >
        <Box component="span" data-testid="header-username" sx={(theme) => ({ [theme.breakpoints.down('sm')]: VISUALLY_HIDDEN })}>
          {truncateUsername(username)}
        </Box>{' '}
        <VisuallyHidden>{t('shell:header.accountMenu')}</VisuallyHidden>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          {t('header.signedInAs', { username })}
        </Typography>
        <Divider />
        <MenuItem onClick={handleCopy}>
          <ListItemIcon>
            <ContentCopyIcon fontSize="small" />
          </ListItemIcon>
          {t('header.copyUsername')}
        </MenuItem>
        <MenuItem component={Link} to="/preferences/details" onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <SettingsIcon fontSize="small" />
          </ListItemIcon>
          {t('header.preferences')}
        </MenuItem>
        {adminLink !== null && (
          <MenuItem component="a" href={adminLink} target="_blank" rel="noopener noreferrer" onClick={() => setAnchor(null)}>
            <ListItemIcon>
              <AdminPanelSettingsIcon fontSize="small" />
            </ListItemIcon>
            {t('header.admin')}
          </MenuItem>
        )}
        <MenuItem onClick={handleSignOut}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('header.signOut')}
        </MenuItem>
      </Menu>
    </>
  );
}
