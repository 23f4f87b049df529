import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HeaderLinks } from '@flotilla/core/schemas/config';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { ErrorState } from '../../../components/states/ErrorState.tsx';
import { LoadingState } from '../../../components/states/LoadingState.tsx';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import type { OrganizationListItem } from '../../organizations/api/organizations.queries.ts';
import { safeHttpUrl } from '../../shell/header-links.ts';
import { PrivateSupport } from './PrivateSupport.tsx';
import { docsSearchUrl } from '../docs-search.ts';

export interface SupportMenuProps {
  organizations: UseQueryResult<OrganizationListItem[]>;
  orgId: number | null;
  onOrgChange: (orgId: number) => void;
  links: HeaderLinks | undefined;
  onCreateTicket: () => void;
  /** The drawer closes when a link inside it leaves for another page of the dashboard. */
  onNavigate: () => void;
}

/** The drawer's first view: private support for an organization, then the community's and the documentation's ways in. */
export function SupportMenu({ organizations, orgId, onOrgChange, links, onCreateTicket, onNavigate }: SupportMenuProps) {
  const { t } = useTranslation('support');
  const forums = safeHttpUrl(links?.forums);
  const docs = safeHttpUrl(links?.docs);
  const featureRequests = safeHttpUrl(links?.featureRequests);
  const newTab = <VisuallyHidden> {t('shell:header.opensInNewTab')}</VisuallyHidden>;

  return (
    <Stack spacing={3}>
      <section aria-labelledby="support-private">
        <Typography id="support-private" variant="subtitle1" component="h3" gutterBottom>
          {t('private.title')}
        </Typography>
        {organizations.isPending ? (
          <LoadingState label={t('private.loading')} />
        ) : organizations.isError ? (
          <ErrorState error={organizations.error} what={t('private.organizations')} onRetry={() => organizations.refetch()} />
        ) : orgId === null ? (
          <EmptyState title={t('private.noOrganizations')} />
        ) : (
          <Stack spacing={2}>
            {organizations.data.length > 1 && <OrganizationSelect organizations={organizations.data} orgId={orgId} onChange={onOrgChange} />}
            <PrivateSupport orgId={orgId} helpUrl={safeHttpUrl(links?.help)} onCreateTicket={onCreateTicket} onNavigate={onNavigate} />
          </Stack>
        )}
      </section>
      {forums && (
        <section aria-labelledby="support-forum">
          <Typography id="support-forum" variant="subtitle1" component="h3" gutterBottom>
            {t('forum.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('forum.text')}
          </Typography>
          <Button variant="outlined" href={forums} target="_blank" rel="noopener noreferrer">
            {t('forum.open')}
            {newTab}
          </Button>
        </section>
      )}
      {docs && <DocsSearch docs={docs} />}
      {featureRequests && (
        <section aria-labelledby="support-features">
          <Typography id="support-features" variant="subtitle1" component="h3" gutterBottom>
            {t('features.title')}
          </Typography>
          <Button variant="outlined" href={featureRequests} target="_blank" rel="noopener noreferrer">
            {t('features.open')}
            {newTab}
          </Button>
        </section>
      )}
      {!forums && !docs && !featureRequests && (
        <Alert severity="info" variant="outlined">
          {t('noLinks')}
        </Alert>
      )}
    </Stack>
  );
}

export function OrganizationSelect({ organizations, orgId, onChange }: { organizations: OrganizationListItem[]; orgId: number; onChange: (orgId: number) => void }) {
  const { t } = useTranslation('support');
  return (
    <TextField select required size="small" label={t('organization')} value={orgId} onChange={(event) => onChange(Number(event.target.value))} fullWidth>
      {organizations.map((org) => (
        <MenuItem key={org.id} value={org.id}>
          {org.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Searches the documentation in a new tab (the deployment's DOCS_URL with `?q=`). */
function DocsSearch({ docs }: { docs: string }) {
  const { t } = useTranslation('support');
  const [query, setQuery] = useState('');
  const search = (event: FormEvent) => {
    event.preventDefault();
    window.open(docsSearchUrl(docs, query), '_blank', 'noopener,noreferrer');
  };
  return (
    <section aria-labelledby="support-docs">
      <Typography id="support-docs" variant="subtitle1" component="h3" gutterBottom>
        {t('docs.title')}
      </Typography>
      <form role="search" onSubmit={search}>
        <Stack direction="row" spacing={1}>
          <TextField size="small" type="search" label={t('docs.label')} value={query} onChange={(event) => setQuery(event.target.value)} fullWidth />
          <Button type="submit" variant="outlined">
            {t('docs.search')}
          </Button>
        </Stack>
      </form>
    </section>
  );
}
