import { queryOptions } from '@tanstack/react-query';
import type { RepositoryRef } from '@flotilla/core/deploy-config';
import { fetchRepositoryContract } from './deploy-import.requests.ts';

/** Query keys of the deploy import: everything under `all`. */
export const deployImportKeys = {
  all: ['deploy-import'] as const,
  contract: (apiUrl: string, repo: RepositoryRef, repoUrl: string) => [...deployImportKeys.all, 'contract', apiUrl, repo.owner, repo.name, repoUrl] as const,
};

/** The repository's balena.yml contract (null when it has none); its error shows in the create dialog. */
export function repositoryContractQuery(apiUrl: string, repo: RepositoryRef, repoUrl: string) {
  return queryOptions({
    queryKey: deployImportKeys.contract(apiUrl, repo, repoUrl),
    queryFn: () => fetchRepositoryContract(apiUrl, repo, repoUrl),
    retry: false,
    staleTime: Infinity,
    meta: { silent: true },
  });
}
