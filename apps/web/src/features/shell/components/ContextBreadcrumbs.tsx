import Breadcrumbs from '@mui/material/Breadcrumbs';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { breadcrumbTrail, type Breadcrumb } from '../breadcrumbs.ts';
import { useShellContext } from '../hooks/use-shell-context.ts';

/**
 * A crumb stays on one line, cut with an ellipsis when wider than the page (a 300-character
 * device name would otherwise fill a phone's screen); its title holds it whole.
 */
const CRUMB = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * Where the page is (accounts spec §2 "breadcrumbs"): the organization, fleet, device, member
 * or team it belongs to, the last crumb being the current page. Nothing on the home lists.
 */
export function ContextBreadcrumbs() {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { context, names } = useShellContext();
  const crumbs = breadcrumbTrail(context, names, pathname);
  if (crumbs.length === 0) return null;
  const labelOf = (crumb: Breadcrumb) => (crumb.labelKey ? t(crumb.labelKey) : (crumb.name ?? t('shell:breadcrumbs.loading')));
  return (
    <Breadcrumbs
      aria-label={t('shell:breadcrumbs.label')}
      sx={{ mb: 1.5, '& .MuiBreadcrumbs-ol': { rowGap: 0.5 }, '& .MuiBreadcrumbs-li': { minWidth: 0, maxWidth: '100%' } }}
    >
      {crumbs.map((crumb) =>
        crumb.isCurrent ? (
          <Typography key={crumb.to} color="text.primary" variant="body2" aria-current="page" title={labelOf(crumb)} sx={CRUMB}>
            {labelOf(crumb)}
          </Typography>
        ) : (
          // Exact: the router marks active links aria-current, and an ancestor is not the current page.
          <MuiLink key={crumb.to} component={Link} to={crumb.to} activeOptions={{ exact: true }} underline="hover" color="inherit" variant="body2" title={labelOf(crumb)} sx={CRUMB}>
            {labelOf(crumb)}
          </MuiLink>
        ),
      )}
    </Breadcrumbs>
  );
}
