import { createTheme } from '@mui/material/styles';

/** Sidebar width from accounts spec §2 (220px, 56px collapsed). */
export const SIDEBAR_WIDTH = 220;
export const SIDEBAR_COLLAPSED_WIDTH = 56;

export const theme = createTheme({
  palette: {
    primary: { main: '#1565c0' },
    background: { default: '#f5f7fa' },
  },
  shape: { borderRadius: 6 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
