import deploy from '../../locales/en/deploy.json';
import { addCatalogs } from '../../lib/i18n.ts';

/**
 * The deploy link's words (`deploy`): the notice of the create-fleet dialog, opened from the
 * fleet list, whose chunk loads with the dialog.
 *
 * Carried by the chunks of the modules that import it for its effect (a module runs before its
 * components render, so the words are in first), not by the app's catalog chunk, which
 * lib/app-catalogs.ts keeps to what the shell and the fleet list read: /fleets' first load
 * (apps/web/bundle-budget.json) does not pay for them.
 */
addCatalogs({ '../locales/en/deploy.json': deploy });
