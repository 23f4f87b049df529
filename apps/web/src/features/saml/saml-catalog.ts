import saml from '../../locales/en/saml.json';
import { addCatalogs } from '../../lib/i18n.ts';

/**
 * The single sign-on pages' words (`saml` namespace), carried in their own lazy chunks rather
 * than the sign-in entry or the app's catalog chunk (lib/app-catalogs.ts leaves this file out),
 * so the /login and /fleets first loads (apps/web/bundle-budget.json) do not grow with them.
 * Imported for its effect by each SSO page before it renders.
 */
addCatalogs({ '../locales/en/saml.json': saml });
