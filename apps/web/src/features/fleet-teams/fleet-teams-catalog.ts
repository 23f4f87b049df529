import fleetTeams from '../../locales/en/fleet-teams.json';
import { addCatalogs } from '../../lib/i18n.ts';

/**
 * A fleet's teams' words (`fleetTeams`): the teams page and its add-team dialog, which the
 * fleet summary opens too.
 *
 * Carried by the chunks of the modules that import it for its effect (a module runs before its
 * components render, so the words are in first), not by the app's catalog chunk, which
 * lib/app-catalogs.ts keeps to what the shell and the fleet list read: /fleets' first load
 * (apps/web/bundle-budget.json) does not pay for them.
 */
addCatalogs({ '../locales/en/fleet-teams.json': fleetTeams });
