import preferences from '../../locales/en/preferences.json';
import { addCatalogs } from '../../lib/i18n.ts';

/**
 * The preferences pages' words (`preferences`): the page and its tabs, the access-token and SSH
 * key tabs (features/access-tokens, features/ssh-keys), the profile form the sign-up profile page
 * shares, and the reverify and token-created dialogs other screens open (the details tab, a
 * fleet's provisioning keys).
 *
 * Carried by the chunks of the modules that import it for its effect (a module runs before its
 * components render, so the words are in first), not by the app's catalog chunk, which
 * lib/app-catalogs.ts keeps to what the shell and the fleet list read: /fleets' first load
 * (apps/web/bundle-budget.json) does not pay for them.
 */
addCatalogs({ '../locales/en/preferences.json': preferences });
