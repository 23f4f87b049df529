import invitations from '../../locales/en/invitations.json';
import { addCatalogs } from '../../lib/i18n.ts';

/**
 * The accept-invitation page's words (`invitations`), read by that page only. Not in the entry
 * with the sign-in words: the sign-in page reads none.
 *
 * Carried by the chunks of the modules that import it for its effect (a module runs before its
 * components render, so the words are in first), not by the app's catalog chunk, which
 * lib/app-catalogs.ts keeps to what the shell and the fleet list read: /fleets' first load
 * (apps/web/bundle-budget.json) does not pay for them.
 */
addCatalogs({ '../locales/en/invitations.json': invitations });
