import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The English catalogs, all bundled. Loading the catalogs beyond the first screens on demand
 * (issue 16 W10) saved ~20 kB gzip but left labels rendered by components outside the
 * namespace that loaded (the device sidebar's entries, the password-reset confirmation) as raw
 * keys until something re-rendered them; it needs every such label to wait for its catalog
 * before it comes back. The lazy backend below stays for that.
 */
const camel = (path: string) => (/([\w-]+)\.json$/.exec(path)?.[1] ?? path).replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());
const bundled: Record<string, ResourceKey> = Object.fromEntries(
  Object.entries(import.meta.glob<ResourceKey>('../locales/en/*.json', { import: 'default', eager: true })).map(([path, catalog]) => [camel(path), catalog]),
);

/** Namespace → its catalog's file, for catalogs not bundled (none today). */
const lazyCatalogs = new Map<string, () => Promise<ResourceKey>>();

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
