import fleetMembers from '../../locales/en/fleet-members.json';
import { addCatalogs } from '../../lib/i18n.ts';

/**
 * A fleet's members' words (`fleetMembers`): the members page, and the role picker and labels
 * the fleet teams page, the fleet summary's team dialog and a team's fleets section share.
 *
 * Carried by the chunks of the modules that import it for its effect (a module runs before its
 * components render, so the words are in first), not by the app's catalog chunk, which
 * lib/app-catalogs.ts keeps to what the shell and the fleet list read: /fleets' first load
 * (apps/web/bundle-budget.json) does not pay for them.
 */
addCatalogs({ '../locales/en/fleet-members.json': fleetMembers });
