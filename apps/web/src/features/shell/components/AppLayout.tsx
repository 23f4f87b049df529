import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { Outlet } from '@tanstack/react-router';
import { Header } from './Header.tsx';
import { Sidebar } from './Sidebar.tsx';
import { AccountNotices } from '../../staff/components/AccountNotices.tsx';

/** The signed-in shell: header on top, 220px sidebar on the left, the screen on the right. */
export function AppLayout() {
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Header />
      <Sidebar />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: 3 }}>
        <Toolbar />
        <AccountNotices />
        <Outlet />
      </Box>
    </Box>
  );
}
