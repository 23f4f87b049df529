import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '../locales/en/common.json';
import auth from '../locales/en/auth.json';
import fleets from '../locales/en/fleets.json';
import devices from '../locales/en/devices.json';
import preferences from '../locales/en/preferences.json';
import twoFactor from '../locales/en/two-factor.json';
import accountEmail from '../locales/en/account-email.json';
import deleteAccount from '../locales/en/delete-account.json';
import staff from '../locales/en/staff.json';
import organizations from '../locales/en/organizations.json';
import teams from '../locales/en/teams.json';
import members from '../locales/en/members.json';
import invitations from '../locales/en/invitations.json';
import shell from '../locales/en/shell.json';
import dataList from '../locales/en/data-list.json';
import fleetSettings from '../locales/en/fleet-settings.json';
import fleetMembers from '../locales/en/fleet-members.json';
import fleetTeams from '../locales/en/fleet-teams.json';
import provisioningKeys from '../locales/en/provisioning-keys.json';
import fleetTags from '../locales/en/fleet-tags.json';
import deploy from '../locales/en/deploy.json';
import deviceActions from '../locales/en/device-actions.json';
import deviceLocation from '../locales/en/device-location.json';
import deviceSettings from '../locales/en/device-settings.json';
import deviceOsUpdate from '../locales/en/device-os-update.json';
import deviceServices from '../locales/en/device-services.json';
import deviceDiagnostics from '../locales/en/device-diagnostics.json';
import releases from '../locales/en/releases.json';
import releaseDetail from '../locales/en/release-detail.json';
import deviceLogs from '../locales/en/device-logs.json';
import deviceMetrics from '../locales/en/device-metrics.json';
import deviceTerminal from '../locales/en/device-terminal.json';
import configuration from '../locales/en/configuration.json';
import variables from '../locales/en/variables.json';

/** English catalogs are bundled (small); keys follow the spec's message keys where it names them. */
export const resources = { en: { common, auth, fleets, devices, preferences, twoFactor, accountEmail, deleteAccount, staff, organizations, teams, members, invitations, shell, dataList, fleetMembers, fleetTeams, fleetSettings, provisioningKeys, fleetTags, deploy, deviceActions, deviceLocation, deviceSettings, deviceOsUpdate, deviceServices, deviceDiagnostics, releases, releaseDetail, deviceLogs, deviceMetrics, deviceTerminal, variables, configuration } } as const;

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  ns: ['common', 'auth', 'fleets', 'devices', 'preferences', 'twoFactor', 'accountEmail', 'deleteAccount', 'staff', 'organizations', 'teams', 'members', 'invitations', 'shell', 'dataList', 'fleetMembers', 'fleetTeams', 'fleetSettings', 'provisioningKeys', 'fleetTags', 'deploy', 'deviceActions', 'deviceLocation', 'deviceSettings', 'deviceOsUpdate', 'deviceServices', 'deviceDiagnostics', 'releases', 'releaseDetail', 'deviceLogs', 'deviceMetrics', 'deviceTerminal', 'variables', 'configuration'],
  defaultNS: 'common',
  resources,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
