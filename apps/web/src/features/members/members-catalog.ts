import members from '../../locales/en/members.json';
import { addCatalogs } from '../../lib/i18n.ts';

/**
 * An organization's members' words (`members`): the member list and a member's pages, and the
 * server messages member-errors.ts looks up, which a fleet's members page shows too.
 *
 * Carried by the chunks of the modules that import it for its effect (a module runs before its
 * components render, so the words are in first), not by the app's catalog chunk, which
 * lib/app-catalogs.ts keeps to what the shell and the fleet list read: /fleets' first load
 * (apps/web/bundle-budget.json) does not pay for them.
 */
addCatalogs({ '../locales/en/members.json': members });
