import i18n, { type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * English catalogs; keys follow the spec's message keys where it names them. Namespace = the
 * file name in camelCase (device-logs.json → deviceLogs).
 *
 * Two bundles (issue 16 W10): the catalogs of the pages outside the signed-in app (sign-in,
 * two-factor, email links, invitations; ~3.5 kB gzip) come with the entry, and every other one
 * (~16 kB gzip) is one chunk, `app-catalogs.ts`, that the signed-in layout's loader waits for
 * before any of its pages renders (`loadAppCatalogs`, routes/app-layout.tsx). So the sign-in
 * page does not download the app's words, and no app page ever renders before all of them are
 * there: one chunk for all, not one per namespace, because labels render outside the namespace
 * of the page that shows them (the sidebar's entries, a dialog of another feature); loading per
 * namespace was tried and left raw keys on screen until something rendered them again.
 */
const signInCatalogs = import.meta.glob<ResourceKey>('../locales/en/{auth,common,two-factor,account-email,invitations}.json', { import: 'default', eager: true });

/** `{ namespace: catalog }` of `import.meta.glob`'s `{ path: catalog }`. */
export function byNamespace(catalogs: Record<string, ResourceKey>): Record<string, ResourceKey> {
  const namespace = (path: string) => (/([\w-]+)\.json$/.exec(path)?.[1] ?? path).replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());
  return Object.fromEntries(Object.entries(catalogs).map(([path, catalog]) => [namespace(path), catalog]));
}

/** Puts catalogs into the i18n instance (an app catalog already there is replaced by the same). */
export function addCatalogs(catalogs: Record<string, ResourceKey>): void {
  for (const [namespace, catalog] of Object.entries(byNamespace(catalogs))) i18n.addResourceBundle('en', namespace, catalog, true, true);
}

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  ns: Object.keys(byNamespace(signInCatalogs)),
  defaultNS: 'common',
  resources: { en: byNamespace(signInCatalogs) },
  interpolation: { escapeValue: false },
  returnNull: false,
});

let appCatalogs: Promise<void> | undefined;

/**
 * Resolves once every catalog is in (the chunk is fetched once; src/boot.ts asks for it early
 * when a session exists). A failed fetch is not remembered: the next call tries again, as the
 * error page's Retry does.
 */
export function loadAppCatalogs(): Promise<void> {
  appCatalogs ??= import('./app-catalogs.ts').then(
    ({ catalogs }) => addCatalogs(catalogs),
    (error: unknown) => {
      appCatalogs = undefined;
      throw error;
    },
  );
  return appCatalogs;
}

export default i18n;
