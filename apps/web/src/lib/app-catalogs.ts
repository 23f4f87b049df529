import type { ResourceKey } from 'i18next';

/**
 * Every English catalog, as one chunk: lib/i18n.ts `loadAppCatalogs` imports it for the signed-in
 * app (the sign-in pages' few are already in the entry, and stay shared with it by the bundler).
 *
 * Left out (`!…`, literal because import.meta.glob takes literals only): catalogs read by one
 * lazily loaded page alone, which that page's chunk carries itself (`features/<f>/<f>-catalog.ts`),
 * so this chunk, part of every signed-in first load, does not grow with them.
 */
export const catalogs = import.meta.glob<ResourceKey>(['../locales/en/*.json', '!../locales/en/billing.json', '!../locales/en/credits.json', '!../locales/en/support.json', '!../locales/en/oauth.json', '!../locales/en/saml.json', '!../locales/en/identity-providers.json'], { import: 'default', eager: true });
