import deviceActions from '../../locales/en/device-actions.json';
import { addCatalogs } from '../../lib/i18n.ts';

/**
 * The device actions' words (`deviceActions`): the Actions page, the summary's action menu, and
 * the settings page's deactivate and local-mode sections, which reuse the actions' confirmations.
 *
 * Carried by the chunks of the modules that import it for its effect (a module runs before its
 * components render, so the words are in first), not by the app's catalog chunk, which
 * lib/app-catalogs.ts keeps to what the shell and the fleet list read: /fleets' first load
 * (apps/web/bundle-budget.json) does not pay for them.
 */
addCatalogs({ '../locales/en/device-actions.json': deviceActions });
