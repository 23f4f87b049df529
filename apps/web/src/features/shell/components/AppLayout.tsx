import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { AccountNotices } from '../../staff/components/AccountNotices.tsx';
import { useSidebarCollapsed } from '../hooks/use-sidebar-collapsed.ts';
import { hasSidebar } from '../sidebar-entries.ts';
import { ConnectivityAlerts } from './ConnectivityAlerts.tsx';
import { ContextBreadcrumbs } from './ContextBreadcrumbs.tsx';
import { CookieBanner } from './CookieBanner.tsx';
import { Header } from './Header.tsx';
import { RouteAnnouncer } from './RouteAnnouncer.tsx';
import { Sidebar } from './Sidebar.tsx';
import { SkipLink } from './SkipLink.tsx';

const MAIN_ID = 'main-content';
const NAV_ID = 'main-navigation';

/**
 * The signed-in shell: skip link, header on top, sidebar on the left (220px, collapsible to
 * 56px from `md` up; a drawer opened from the header below), the screen on the right. The main
 * column may shrink below its content's width (minWidth 0) and scrolls sideways itself when a
 * screen is wider than the window, so the page never does (390px phones included).
 */
export function AppLayout() {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const showSidebar = hasSidebar(pathname);
  const [isCollapsed, setCollapsed] = useSidebarCollapsed();
  const [drawer, setDrawer] = useState({ isOpen: false, restoreFocus: true, pathname });
  const mainRef = useRef<HTMLElement>(null);

  // Navigation closes the phone drawer (and focus then goes to the new page's h1).
  if (drawer.pathname !== pathname) setDrawer({ isOpen: false, restoreFocus: false, pathname });
  const isDrawerOpen = drawer.isOpen && showSidebar && !isDesktop;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink targetId={MAIN_ID} />
      <Header
        navigation={
          showSidebar && !isDesktop
            ? { controlsId: NAV_ID, isOpen: isDrawerOpen, onOpen: () => setDrawer({ isOpen: true, restoreFocus: true, pathname }) }
            : null
        }
      />
      {showSidebar &&
        (isDesktop ? (
          <Sidebar variant="permanent" navId={NAV_ID} isCollapsed={isCollapsed} onCollapsedChange={setCollapsed} />
        ) : (
          <Sidebar
            variant="temporary"
            navId={NAV_ID}
            isOpen={isDrawerOpen}
            restoreFocus={drawer.restoreFocus}
            onClose={() => setDrawer((current) => ({ ...current, isOpen: false }))}
            onNavigate={() => setDrawer((current) => ({ ...current, isOpen: false, restoreFocus: false }))}
          />
        ))}
      <Box
        component="main"
        id={MAIN_ID}
        ref={mainRef}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 }, overflowX: 'auto' }}
      >
        <Toolbar />
        <ConnectivityAlerts />
        <CookieBanner />
        <AccountNotices />
        <ContextBreadcrumbs />
        <Outlet />
      </Box>
      <RouteAnnouncer mainRef={mainRef} />
    </Box>
  );
}
