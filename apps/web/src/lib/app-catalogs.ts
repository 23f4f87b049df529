import type { ResourceKey } from 'i18next';

/**
 * The signed-in app's catalogs, as one chunk: lib/i18n.ts `loadAppCatalogs` imports it for the
 * signed-in app (the sign-in pages' few are already in the entry, and stay shared with it by the
 * bundler). It is part of every signed-in first load, /fleets' included (apps/web/bundle-budget.json).
 *
 * Left out (`!…`, literal because import.meta.glob takes literals only): catalogs that only lazily
 * loaded screens read, which their modules carry themselves (`features/<f>/<ns>-catalog.ts`,
 * imported for its effect by the page, dialog or card that reads the namespace), so this chunk
 * does not grow with them. What stays: what the shell reads (its own words, the sidebar's entries
 * in common, configuration, variables, device-logs and device-diagnostics, the staff banners),
 * the fleet list's (fleets, data-list) and the sign-in side's. A catalog added to locales/en comes here unless listed.
 */
export const catalogs = import.meta.glob<ResourceKey>(
  [
    '../locales/en/*.json',
    '!../locales/en/{billing,credits,support,oauth,saml,identity-providers}.json',
    '!../locales/en/{fleet-settings,fleet-tags,fleet-members,fleet-teams,provisioning-keys,deploy,releases,release-detail}.json',
    '!../locales/en/{devices,device-actions,device-settings,device-os-update,device-services,device-terminal,device-metrics,device-location}.json',
    '!../locales/en/{organizations,members,teams,preferences,delete-account,account-email,two-factor,invitations}.json',
  ],
  { import: 'default', eager: true },
);
