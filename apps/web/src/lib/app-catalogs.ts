import type { ResourceKey } from 'i18next';

/**
 * Every English catalog, as one chunk: lib/i18n.ts `loadAppCatalogs` imports it for the signed-in
 * app (the sign-in pages' few are already in the entry, and stay shared with it by the bundler).
 */
export const catalogs = import.meta.glob<ResourceKey>('../locales/en/*.json', { import: 'default', eager: true });
