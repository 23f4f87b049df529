import '../organizations-catalog.ts';
import { useParams, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ApplicationClass } from '../../../lib/model.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { ScopedApplicationList } from './ScopedApplicationList.tsx';

/** The last path segment names the class: /orgs/{id}/fleets → fleet, /apps → app, /blocks → block. */
export function applicationClassFromPath(pathname: string): ApplicationClass {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  return last === 'apps' ? 'app' : last === 'blocks' ? 'block' : 'fleet';
}

/** `/orgs/{orgId}/fleets|apps|blocks` (accounts spec §2). */
export function OrganizationApplicationsPage() {
  const { t } = useTranslation('organizations');
  const { orgId } = useParams({ strict: false }) as { orgId?: string };
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const applicationClass = applicationClassFromPath(pathname);
  usePageTitle(t(`applications.pageTitle.${applicationClass}`));
  return <ScopedApplicationList orgId={Number(orgId)} applicationClass={applicationClass} scope={{ kind: 'organization' }} headingLevel="h1" />;
}
