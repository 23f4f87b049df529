import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '../locales/en/common.json';
import auth from '../locales/en/auth.json';
import fleets from '../locales/en/fleets.json';
import shell from '../locales/en/shell.json';
import dataList from '../locales/en/data-list.json';
import staff from '../locales/en/staff.json';

/**
 * The English catalogs. Those the first screens render with (sign-in, the shell and its staff
 * banners, the fleet list) are bundled; every other one is its own chunk (~20 kB gzip together, issue 16 W10's
 * first-load budget, apps/web/bundle-budget.json), loaded on first use by react-i18next
 * (`useTranslation` suspends until it arrives) and all of them in the background once the first
 * page has rendered (App.tsx), so a later page rarely waits.
 */
const bundled = { common, auth, fleets, shell, dataList, staff };

/** Namespace → its catalog's file (locales/en/<kebab-case>.json). */
const catalogFiles = import.meta.glob<ResourceKey>(['../locales/en/*.json', '!../locales/en/{common,auth,fleets,shell,data-list,staff}.json'], { import: 'default' });
const lazyCatalogs = new Map(
  Object.entries(catalogFiles).map(([path, load]) => {
    const file = /([\w-]+)\.json$/.exec(path)?.[1] ?? path;
    return [file.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase()), load] as const;
  }),
);

/** Every namespace, bundled or not. */
export const NAMESPACES = [...Object.keys(bundled), ...lazyCatalogs.keys()];

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {
    // Nothing to set up: the catalogs are the build's own chunks.
  },
  read(_language, namespace, callback) {
    const load = lazyCatalogs.get(namespace);
    if (!load) {
      callback(new Error(`no catalog for namespace ${namespace}`), false);
      return;
    }
    load().then(
      (catalog) => callback(null, catalog),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

void i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    lng: 'en',
    fallbackLng: 'en',
    ns: Object.keys(bundled),
    defaultNS: 'common',
    resources: { en: bundled },
    // The bundled catalogs are only part of the language: ask the backend for the rest.
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/** Loads every lazy catalog (the app once it has started; tests before they render). */
export function loadAllNamespaces(): Promise<void> {
  return i18n.loadNamespaces(NAMESPACES);
}

/** loadAllNamespaces once the browser is idle (the app: after its first page has rendered). */
export function loadAllNamespacesWhenIdle(): void {
  const load = () => void loadAllNamespaces();
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 3000 });
  else setTimeout(load, 1000);
}

export default i18n;
