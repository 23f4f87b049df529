import identityProviders from '../../locales/en/identity-providers.json';
import { addCatalogs } from '../../lib/i18n.ts';

/**
 * The identity provider pages' words (`identityProviders` namespace), carried in their own lazy
 * chunks like the SSO pages' (features/saml/saml-catalog.ts) rather than the app's catalog
 * chunk (lib/app-catalogs.ts leaves this file out): few users ever open them. The sidebar's
 * entry is in `common` (`sidebar.identityProvider`). Imported for its effect by each page.
 */
addCatalogs({ '../locales/en/identity-providers.json': identityProviders });
