import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { organizationListQuery } from '../../organizations/api/organizations.queries.ts';
import { headerLinksQuery } from '../../shell/api/shell.queries.ts';
import { safeHttpUrl } from '../../shell/header-links.ts';
import { SupportMenu } from './SupportMenu.tsx';
import { TicketForm } from './TicketForm.tsx';
import { TicketSubmitted } from './TicketSubmitted.tsx';
import '../support-catalog.ts';

/** Accounts spec §2, §9: the drawer is 310 px wide, on the right. */
export const SUPPORT_DRAWER_WIDTH = 310;

type View = { kind: 'menu' } | { kind: 'form' } | { kind: 'done'; ticketId: number };

/**
 * The support drawer (accounts spec §2): private support (the ticket form, when the
 * organization's plan includes it), the community forum, a documentation search and feature
 * requests — the last three where the deployment configured their URLs.
 */
export default function SupportDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('support');
  const titleId = useId();
  const [view, setView] = useState<View>({ kind: 'menu' });
  const { data: actor } = useQuery(whoamiQuery);
  const userId = actor?.actorTypeId ?? 0;
  const organizations = useQuery({ ...organizationListQuery(userId), enabled: open && userId > 0 });
  const { data: links } = useQuery(headerLinksQuery);
  const [chosenOrgId, setOrgId] = useState<number | null>(null);
  const orgId = chosenOrgId ?? organizations.data?.[0]?.id ?? null;
  const helpUrl = safeHttpUrl(links?.help);

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Above the header (which sits above the sidebar's drawers), as dialogs are: else the
      // header hides the drawer's title and its close button.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { 'aria-labelledby': titleId, sx: { width: SUPPORT_DRAWER_WIDTH, maxWidth: '100vw' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {view.kind === 'form' ? t('form.title') : t('title')}
        </Typography>
        <IconButton aria-label={t('close')} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ p: 2, overflowY: 'auto' }}>
        {view.kind === 'menu' && (
          <SupportMenu
            organizations={organizations}
            orgId={orgId}
            onOrgChange={setOrgId}
            links={links}
            onCreateTicket={() => setView({ kind: 'form' })}
            onNavigate={onClose}
          />
        )}
        {view.kind === 'form' && orgId !== null && (
          <TicketForm
            organizations={organizations.data ?? []}
            orgId={orgId}
            onOrgChange={setOrgId}
            onSubmitted={(ticketId) => setView({ kind: 'done', ticketId })}
            onBack={() => setView({ kind: 'menu' })}
          />
        )}
        {view.kind === 'done' && (
          <TicketSubmitted ticketId={view.ticketId} helpUrl={helpUrl} onCreateAnother={() => setView({ kind: 'form' })} onBack={() => setView({ kind: 'menu' })} />
        )}
      </Box>
    </Drawer>
  );
}
