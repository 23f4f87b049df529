import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { deployDeviceTypeSlug, repositoryFromUrl, type DeployConfig, type DeployContract, type RepositoryRef } from '@flotilla/core/deploy-config';
import { browserStorage } from '../../../lib/browser-storage.ts';
import { clientConfigQuery } from '../../profile/api/client-config.queries.ts';
import { repositoryContractQuery } from '../api/deploy-import.queries.ts';
import { useCreateDeployVariables } from '../api/deploy.mutations.ts';
import { clearDeployConfig, loadDeployConfig } from '../deploy-storage.ts';

/** What the create-fleet dialog pre-fills from a deploy (fleets spec §5 "Deploy-from-repository import"). */
export interface DeployPrefill {
  name: string | null;
  /** The device type to preselect, when one of `deviceTypes` has the wanted slug. */
  deviceTypeId: number | null;
}

export interface DeployState {
  /** The stored config when fresh (less than a day old), else null: no deploy in progress. */
  config: DeployConfig | null;
  /** The repository on the code host, when `repoUrl` is one (otherwise it is ignored). */
  repository: RepositoryRef | null;
  /** The repository's contract while known (null: none, or not read). */
  contract: DeployContract | null;
  /** The import is still reading (the dialog keeps Create disabled meanwhile). */
  isLoading: boolean;
  /** The import's failure, in the spec's words. */
  error: string | null;
  /** Call after the fleet exists: writes the contract's variables, then forgets the deploy. */
  onFleetCreated: (fleetId: number) => void;
}

/**
 * The deploy config for the create-fleet dialog: the fresh stored config, the repository's
 * balena.yml read through the code host's API, and — once, when everything is known — the
 * name and device type to pre-fill, handed to `onPrefill`.
 */
export function useDeployConfig({ deviceTypes, onPrefill }: { deviceTypes: ReadonlyArray<{ id: number; slug: string }> | undefined; onPrefill: (prefill: DeployPrefill) => void }): DeployState {
  const [config] = useState(() => loadDeployConfig(browserStorage(), Date.now()));
  const wantsRepository = config?.repoUrl !== undefined;
  const clientConfig = useQuery({ ...clientConfigQuery, enabled: wantsRepository });
  const apiUrl = clientConfig.data?.codeHostApiUrl;
  const repository = config?.repoUrl && apiUrl ? repositoryFromUrl(config.repoUrl, apiUrl) : null;
  const contract = useQuery({
    ...repositoryContractQuery(apiUrl ?? '', repository ?? { owner: '', name: '' }, config?.repoUrl ?? ''),
    enabled: repository !== null,
  });
  const isLoading = (wantsRepository && clientConfig.isPending) || (repository !== null && contract.isPending);
  const contractData = contract.data ?? null;
  const createVariables = useCreateDeployVariables();

  // Hand the pre-fill over once, when the config, the contract and the device types are known.
  const onPrefillRef = useRef(onPrefill);
  useEffect(() => {
    onPrefillRef.current = onPrefill;
  });
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || config === null || isLoading || deviceTypes === undefined) return;
    prefilled.current = true;
    const slug = deployDeviceTypeSlug(config, contractData);
    const type = slug === null ? undefined : deviceTypes.find((t) => t.slug === slug);
    onPrefillRef.current({ name: contractData?.name ?? null, deviceTypeId: type?.id ?? null });
  }, [config, isLoading, contractData, deviceTypes]);

  return {
    config,
    repository,
    contract: contractData,
    isLoading,
    error: contract.error?.message ?? (wantsRepository && clientConfig.error ? clientConfig.error.message : null),
    onFleetCreated: (fleetId) => {
      if (config === null) return;
      clearDeployConfig(browserStorage());
      const variables = {
        applicationConfigVariables: contractData?.applicationConfigVariables ?? config.applicationConfigVariables ?? [],
        applicationEnvironmentVariables: contractData?.applicationEnvironmentVariables ?? config.applicationEnvironmentVariables ?? [],
      };
      if (variables.applicationConfigVariables.length + variables.applicationEnvironmentVariables.length > 0) {
        createVariables.mutate({ fleetId, variables });
      }
    },
  };
}
