import { z } from 'zod';
import {
  DEPLOY_MESSAGES,
  REPOSITORY_CONFIG_FILE,
  REPOSITORY_CONFIG_TIMEOUT_MS,
  parseDeployContract,
  type DeployContract,
  type RepositoryRef,
} from '@flotilla/core/deploy-config';
import { pine } from '../../../lib/pine.ts';

/** The code host's answer about a repository (its API, GitHub's shape): the branch to read from. */
const repositoryInfo = z.object({ default_branch: z.string().min(1) });

/**
 * Fleets spec §5 and §7 "Deploy import": GET the code host's repository by owner and name, then
 * the raw `balena.yml` of its default branch (10 s timeout), through the code host's API whose
 * base URL the deployment configures (`GET /config` → codeHostApiUrl). Answers the contract,
 * or null when the repository has none ("a missing configuration file is logged and treated as
 * none", §8). Failures carry the spec's messages.
 */
export async function fetchRepositoryContract(apiUrl: string, repo: RepositoryRef, repoUrl: string): Promise<DeployContract | null> {
  const base = `${apiUrl.replace(/\/+$/, '')}/repos/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.name)}`;
  let response: Response;
  try {
    response = await fetch(base, { headers: { Accept: 'application/vnd.github+json' } });
  } catch {
    throw new Error(DEPLOY_MESSAGES.codeHostFailed);
  }
  if (response.status === 404) throw new Error(DEPLOY_MESSAGES.repositoryNotFound(repoUrl));
  if (!response.ok) throw new Error(DEPLOY_MESSAGES.codeHostFailed);
  const info = repositoryInfo.safeParse(await response.json().catch(() => null));
  if (!info.success) throw new Error(DEPLOY_MESSAGES.codeHostFailed);

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REPOSITORY_CONFIG_TIMEOUT_MS);
  let text: string;
  try {
    const file = await fetch(`${base}/contents/${REPOSITORY_CONFIG_FILE}?ref=${encodeURIComponent(info.data.default_branch)}`, {
      headers: { Accept: 'application/vnd.github.raw+json' },
      signal: controller.signal,
    });
    if (file.status === 404) {
      console.info(`No ${REPOSITORY_CONFIG_FILE} in ${repoUrl}: deploying without one`);
      return null;
    }
    if (!file.ok) throw new Error(DEPLOY_MESSAGES.loadFailed);
    text = await file.text();
  } catch {
    throw new Error(DEPLOY_MESSAGES.loadFailed);
  } finally {
    clearTimeout(timer);
  }
  const parsed = parseDeployContract(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.contract;
}

export interface DeployVariables {
  applicationConfigVariables: ReadonlyArray<{ name: string; value: string }>;
  applicationEnvironmentVariables: ReadonlyArray<{ name: string; value: string }>;
}

/**
 * The contract's variables on the new fleet, one POST each (the API checks every name). All
 * are attempted; the first failure is raised after.
 */
export async function createDeployVariables(fleetId: number, variables: DeployVariables): Promise<void> {
  const writes = [
    ...variables.applicationConfigVariables.map((v) => ({ resource: 'application_config_variable', ...v })),
    ...variables.applicationEnvironmentVariables.map((v) => ({ resource: 'application_environment_variable', ...v })),
  ];
  const results = await Promise.allSettled(
    writes.map(({ resource, name, value }) => pine.post({ resource, body: { application: fleetId, name, value } })),
  );
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason instanceof Error ? failed.reason : new Error(String(failed.reason));
}
