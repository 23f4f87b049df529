/**
 * The /fleets stack floor (issue 16 W10): the signed-in shell and the fleet list made of the
 * design's libraries alone, with no Flotilla code. The libraries are the sign-in floor's
 * (../main.tsx) plus the two the list's first load adds (DESIGN.md "Web": pinejs-client-core for
 * OData reads, @tanstack/react-virtual for virtualized tables), and the MUI components and icons
 * are exactly those the modules of /fleets' first load import (the app's shell: header, sidebar,
 * drawer, user menu, breadcrumbs, notices; the list: lens toggle, search, filter chips, table,
 * cards, pagination, column chooser and filter dialogs, states), listed from a build's manifest
 * on 2026-11-30. scripts/bundle-floor.ts --page fleets builds and weighs it.
 */
import { StrictMode, useRef, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import AddIcon from '@mui/icons-material/Add';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AppsIcon from '@mui/icons-material/Apps';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BoltIcon from '@mui/icons-material/Bolt';
import BusinessIcon from '@mui/icons-material/Business';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DataObjectIcon from '@mui/icons-material/DataObject';
import DeveloperBoardIcon from '@mui/icons-material/DeveloperBoard';
import DeviceHubIcon from '@mui/icons-material/DeviceHub';
import FilterListIcon from '@mui/icons-material/FilterList';
import GridViewIcon from '@mui/icons-material/GridView';
import GroupsIcon from '@mui/icons-material/Groups';
import HelpOutlineOutlinedIcon from '@mui/icons-material/HelpOutlineOutlined';
import KeyIcon from '@mui/icons-material/Key';
import LayersIcon from '@mui/icons-material/Layers';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import NewReleasesIcon from '@mui/icons-material/NewReleases';
import NotesIcon from '@mui/icons-material/Notes';
import PeopleIcon from '@mui/icons-material/People';
import PlaceIcon from '@mui/icons-material/Place';
import SettingsIcon from '@mui/icons-material/Settings';
import TuneIcon from '@mui/icons-material/Tune';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import ViewListIcon from '@mui/icons-material/ViewList';
import WidgetsIcon from '@mui/icons-material/Widgets';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import CssBaseline from '@mui/material/CssBaseline';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MuiLink from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ThemeProvider, createTheme, useTheme } from '@mui/material/styles';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Link, RouterProvider, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import i18n from 'i18next';
import { PinejsClientCore, type AnyObject } from 'pinejs-client-core';
import { useForm } from 'react-hook-form';
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
import { z } from 'zod';

void i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: { title: 'Fleets', create: 'Create fleet', search: 'Search', columns: 'Columns', filter: 'Filter', empty: 'No fleets' } } } });

class Pine extends PinejsClientCore {
  override async _request({ method, url }: { method: string; url: string; body?: AnyObject }): Promise<NonNullable<unknown>> {
    const res = await fetch(url, { method });
    return ((await res.json()) as unknown) ?? {};
  }
}
const pine = new Pine({ apiPrefix: '/v7/', retry: false });
const fleetSchema = z.object({ id: z.number().int(), app_name: z.string(), slug: z.string(), is_public: z.boolean().nullable() });
type Fleet = z.infer<typeof fleetSchema>;

const sidebarIcons = [DashboardIcon, DeveloperBoardIcon, NewReleasesIcon, LayersIcon, DataObjectIcon, TuneIcon, SettingsIcon, PeopleIcon, GroupsIcon, BusinessIcon, KeyIcon, CreditCardIcon, BoltIcon, AppsIcon, WidgetsIcon, DeviceHubIcon, MonitorHeartIcon, AdminPanelSettingsIcon, PlaceIcon, NotesIcon];

function Shell({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [collapsed, setCollapsed] = useState(false);
  return (
    <Box sx={{ display: 'flex' }}>
      <AppBar position="fixed">
        <Toolbar>
          {!isDesktop && <IconButton color="inherit" aria-label="Menu"><MenuIcon /></IconButton>}
          <Typography sx={{ flexGrow: 1 }}>Flotilla</Typography>
          <Tooltip title="Help"><IconButton color="inherit" aria-label="Help"><HelpOutlineOutlinedIcon /></IconButton></Tooltip>
          <IconButton color="inherit" aria-label="Account" onClick={(e) => setMenu(e.currentTarget)}><Avatar sx={{ width: 28, height: 28 }}>U</Avatar></IconButton>
          <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
            <MenuItem><ListItemIcon><SettingsIcon /></ListItemIcon><ListItemText>Preferences</ListItemText></MenuItem>
            <Divider />
            <MenuItem><ListItemIcon><LogoutIcon /></ListItemIcon><ListItemText>Log out</ListItemText></MenuItem>
          </Menu>
        </Toolbar>
      </AppBar>
      <Drawer variant={isDesktop ? 'permanent' : 'temporary'} open={isDesktop} sx={{ '& .MuiDrawer-paper': { width: collapsed ? 56 : 220 } }}>
        <Toolbar />
        <List component="nav" aria-label="Main">
          {sidebarIcons.map((Icon, i) => (
            <ListItem key={i} disablePadding><ListItemButton><ListItemIcon><Icon /></ListItemIcon><ListItemText primary={`Entry ${i}`} /></ListItemButton></ListItem>
          ))}
        </List>
        <IconButton aria-label="Collapse" onClick={() => setCollapsed(!collapsed)}>{collapsed ? <ChevronRightIcon /> : <ChevronLeftIcon />}</IconButton>
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: 3 }}>
        <Toolbar />
        <Alert severity="warning"><AlertTitle>Offline</AlertTitle>Reconnecting…</Alert>
        <Breadcrumbs><MuiLink href="/">Home</MuiLink><Typography>Fleets</Typography></Breadcrumbs>
        {children}
      </Box>
    </Box>
  );
}

function FleetList() {
  const { t } = useTranslation();
  const [lens, setLens] = useState<'table' | 'grid'>('table');
  const [dialog, setDialog] = useState(false);
  const [page, setPage] = useState(0);
  const { register } = useForm({ defaultValues: { search: '' } });
  const fleets = useQuery({
    queryKey: ['fleets', page],
    queryFn: async (): Promise<Fleet[]> => z.array(fleetSchema).parse(await pine.get({ resource: 'application', options: { $select: ['id', 'app_name', 'slug', 'is_public'], $top: 50, $skip: page * 50, $orderby: { app_name: 'asc' } } })),
  });
  const rows = fleets.data ?? [];
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => 33 });
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>{t('title')}</Typography>
        <Button variant="contained" startIcon={<AddIcon />}>{t('create')}</Button>
        <ToggleButtonGroup exclusive size="small" value={lens} onChange={(_e, v: 'table' | 'grid' | null) => v && setLens(v)}>
          <ToggleButton value="table" aria-label="Table"><ViewListIcon /></ToggleButton>
          <ToggleButton value="grid" aria-label="Grid"><GridViewIcon /></ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <TextField size="small" label={t('search')} {...register('search')} />
        <Button startIcon={<FilterListIcon />} onClick={() => setDialog(true)}>{t('filter')}</Button>
        <IconButton aria-label={t('columns')} onClick={() => setDialog(true)}><ViewColumnIcon /></IconButton>
        <Chip label="is_public: true" onDelete={() => undefined} />
      </Box>
      {fleets.isFetching && <LinearProgress />}
      {fleets.isPending && <Skeleton height={33} />}
      {fleets.isError && <Alert severity="error" action={<Button onClick={() => void fleets.refetch()}>Retry</Button>}>{fleets.error.message}</Alert>}
      {lens === 'table' ? (
        <Paper>
          <TableContainer ref={scroller} sx={{ maxHeight: 600 }}>
            <Table size="small" stickyHeader>
              <TableHead><TableRow><TableCell padding="checkbox"><Checkbox size="small" /></TableCell><TableCell><TableSortLabel active direction="asc">Name</TableSortLabel></TableCell><TableCell>Slug</TableCell></TableRow></TableHead>
              <TableBody>
                {virtual.getVirtualItems().map((item) => {
                  const fleet = rows[item.index]!;
                  return (
                    <TableRow key={fleet.id} hover>
                      <TableCell padding="checkbox"><Checkbox size="small" /></TableCell>
                      <TableCell><Link to="/">{fleet.app_name}</Link></TableCell>
                      <TableCell>{fleet.slug}<IconButton size="small" aria-label="Copy"><ContentCopyIcon fontSize="inherit" /></IconButton><IconButton size="small" aria-label="More"><MoreVertIcon fontSize="inherit" /></IconButton></TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination component="div" count={-1} page={page} rowsPerPage={50} rowsPerPageOptions={[50]} onPageChange={(_e, p) => setPage(p)} />
        </Paper>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
          {rows.map((fleet) => <Card key={fleet.id}><CardContent><Typography>{fleet.app_name}</Typography><CircularProgress variant="determinate" value={50} /></CardContent></Card>)}
        </Box>
      )}
      <Dialog open={dialog} onClose={() => setDialog(false)}>
        <DialogTitle>{t('columns')}<IconButton aria-label="Close" onClick={() => setDialog(false)}><CloseIcon /></IconButton></DialogTitle>
        <DialogContent><FormGroup><FormControlLabel control={<Checkbox defaultChecked />} label="Slug" /></FormGroup></DialogContent>
        <DialogActions><Button startIcon={<ArrowBackIcon />} onClick={() => setDialog(false)}>Done</Button></DialogActions>
      </Dialog>
    </Stack>
  );
}

const rootRoute = createRootRoute();
const router = createRouter({ routeTree: rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <Shell><FleetList /></Shell> })]) });
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
