import oauth from '../../locales/en/oauth.json';
import { addCatalogs } from '../../lib/i18n.ts';

/**
 * The OAuth words (`oauth` namespace), carried by this feature's lazily loaded chunks (the
 * consent page, the section of Preferences → Access tokens); lib/app-catalogs.ts leaves the file
 * out, so no other page's first load pays for them. Imported for its effect before they render.
 */
addCatalogs({ '../locales/en/oauth.json': oauth });
