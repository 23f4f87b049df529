import fleetSettings from '../../locales/en/fleet-settings.json';
import { addCatalogs } from '../../lib/i18n.ts';

/**
 * The fleet settings page's words (`fleetSettings`). Besides the page, two parts of other
 * screens read them and import this file too: the support-access banner of the fleet summary
 * and the application type field of the create-fleet dialog.
 *
 * Carried by the chunks of the modules that import it for its effect (a module runs before its
 * components render, so the words are in first), not by the app's catalog chunk, which
 * lib/app-catalogs.ts keeps to what the shell and the fleet list read: /fleets' first load
 * (apps/web/bundle-budget.json) does not pay for them.
 */
addCatalogs({ '../locales/en/fleet-settings.json': fleetSettings });
