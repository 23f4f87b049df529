import i18n, { type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * English catalogs; keys follow the spec's message keys where it names them. Namespace = the
 * file name in camelCase (device-logs.json → deviceLogs).
 *
 * Three ways in (issue 16 W10): the sign-in page's catalogs (auth, common; ~2 kB gzip) come with
 * the entry; the signed-in app's shell and first screen read from one chunk, `app-catalogs.ts`,
 * that the signed-in layout's loader waits for before any of its pages renders
 * (`loadAppCatalogs`, routes/app-layout.tsx); and a namespace only lazily loaded screens read
 * travels in their chunks (`features/<f>/<ns>-catalog.ts`, `addCatalogs` when the page, dialog or
 * card that reads it is first imported). So the sign-in page does not download the app's words
 * and /fleets not those of pages it does not show, yet no component renders before its words are
 * there: a module runs before its components do. Loading a namespace when a component first
 * asks for it was tried and left raw keys on screen until something rendered them again, since
 * labels render outside the namespace of the page that shows them (the sidebar's entries, a
 * dialog of another feature): such namespaces stay in the app chunk, and a component of one
 * feature that another's screen shows imports its own catalog.
 */
const signInCatalogs = import.meta.glob<ResourceKey>('../locales/en/{auth,common}.json', { import: 'default', eager: true });

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
