import type { ResourceDef, ResourceRegistry } from './types.ts';
import * as applications from './resources/applications.ts';
import * as apiKeys from './resources/api-keys.ts';
import * as billing from './resources/billing.ts';
import * as deviceTypes from './resources/device-types.ts';
import * as devices from './resources/devices.ts';
import * as identity from './resources/identity.ts';
import * as organizations from './resources/organizations.ts';
import * as releases from './resources/releases.ts';
import * as users from './resources/users.ts';
import * as variables from './resources/variables.ts';

/** Every OData resource (compat §2.2 and §6), addressable by canonical name or alias. */
export const RESOURCES: readonly ResourceDef[] = [
  users.actor,
  users.user,
  users.userProfile,
  users.userPublicKey,
  apiKeys.apiKey,
  organizations.organization,
  organizations.organizationMembershipRole,
  organizations.organizationMembership,
  organizations.organizationMembershipTag,
  organizations.team,
  organizations.teamMembership,
  organizations.invitee,
  organizations.organizationInvite,
  applications.application,
  applications.applicationType,
  applications.applicationMembershipRole,
  applications.userApplicationMembership,
  applications.teamApplicationAccess,
  applications.applicationInvite,
  applications.userHasDirectAccessToApplication,
  deviceTypes.cpuArchitecture,
  deviceTypes.deviceManufacturer,
  deviceTypes.deviceFamily,
  deviceTypes.deviceType,
  deviceTypes.deviceTypeAlias,
  deviceTypes.organizationPrivateDeviceType,
  releases.release,
  releases.releaseTag,
  releases.releaseAsset,
  releases.service,
  releases.serviceLabel,
  releases.image,
  releases.releaseImage,
  releases.imageLabel,
  releases.imageEnvironmentVariable,
  devices.device,
  devices.deviceHistory,
  devices.serviceInstall,
  devices.imageInstall,
  devices.serviceInstance,
  variables.applicationEnvironmentVariable,
  variables.applicationConfigVariable,
  variables.buildEnvironmentVariable,
  variables.serviceEnvironmentVariable,
  variables.deviceEnvironmentVariable,
  variables.deviceConfigVariable,
  variables.deviceServiceEnvironmentVariable,
  variables.applicationTag,
  variables.deviceTag,
  billing.plan,
  billing.feature,
  billing.planFeature,
  billing.planAddon,
  billing.supportTier,
  billing.supportFeature,
  billing.subscription,
  billing.subscriptionPrepaidAddon,
  billing.subscriptionAddonDiscount,
  billing.creditBundle,
  billing.organizationCreditNotification,
  billing.invoice,
  identity.identityProvider,
  identity.identityProviderMembership,
  identity.samlAccount,
  identity.socialServiceAccount,
  identity.oauthApplication,
  identity.oauthApplicationAuthorization,
];

export function createRegistry(resources: readonly ResourceDef[]): ResourceRegistry {
  const byName = new Map<string, ResourceDef>();
  for (const def of resources) {
    for (const key of [def.name, ...(def.aliases ?? [])]) {
      if (byName.has(key)) throw new Error(`Duplicate resource name or alias: ${key}`);
      byName.set(key, def);
    }
  }
  return {
    get: (nameOrAlias) => byName.get(nameOrAlias),
    all: () => resources,
  };
}

export const registry: ResourceRegistry = createRegistry(RESOURCES);
