import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import { headerLinksQuery } from '../api/shell.queries.ts';
import { visibleHeaderLinks } from '../header-links.ts';

/**
 * Accounts spec §2 Header: getting started, docs, feature requests, forums, help, service
 * status and hub, each only when the server configures its URL (`GET /config` headerLinks).
 * Side by side on wide screens; below `lg` they move into a "More links" menu.
 */
export function HeaderLinks() {
  const { t } = useTranslation('shell');
  const { data } = useQuery(headerLinksQuery);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const links = visibleHeaderLinks(data);
  if (links.length === 0) return null;
  const newTab = <VisuallyHidden> {t('header.opensInNewTab')}</VisuallyHidden>;

  return (
    <Box component="nav" aria-label={t('header.linksLabel')} sx={{ display: 'flex', alignItems: 'center' }}>
      <Box component="ul" sx={{ display: { xs: 'none', lg: 'flex' }, gap: 0.5, listStyle: 'none', m: 0, p: 0 }}>
        {links.map((link) => (
          <li key={link.key}>
            <Button color="inherit" href={link.href} target="_blank" rel="noopener noreferrer" sx={{ textTransform: 'none', whiteSpace: 'nowrap' }}>
              {t(`header.links.${link.key}`)}
              {newTab}
            </Button>
          </li>
        ))}
      </Box>
      <Box sx={{ display: { xs: 'block', lg: 'none' } }}>
        <IconButton
          color="inherit"
          aria-label={t('header.moreLinks')}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreVertIcon />
        </IconButton>
        <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          {links.map((link) => (
            <MenuItem key={link.key} component="a" href={link.href} target="_blank" rel="noopener noreferrer" onClick={() => setAnchor(null)}>
              {t(`header.links.${link.key}`)}
              {newTab}
            </MenuItem>
          ))}
        </Menu>
      </Box>
    </Box>
  );
}
