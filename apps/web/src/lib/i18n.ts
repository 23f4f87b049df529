import i18n, { type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * English catalogs, all bundled (~20 kB gzip together); keys follow the spec's message keys
 * where it names them. Namespace = the file name in camelCase (device-logs.json → deviceLogs).
 * Loading most of them on demand was tried for issue 16 W10 and undone: labels rendered outside
 * the namespace that loaded (the device sidebar's entries, the password-reset confirmation)
 * showed raw keys until something re-rendered them.
 */
const camelCase = (path: string) => (/([\w-]+)\.json$/.exec(path)?.[1] ?? path).replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());
const catalogs = import.meta.glob<ResourceKey>('../locales/en/*.json', { import: 'default', eager: true });
export const resources = { en: Object.fromEntries(Object.entries(catalogs).map(([path, catalog]) => [camelCase(path), catalog])) };

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  ns: Object.keys(resources.en),
  defaultNS: 'common',
  resources,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
