import deviceServices from '../../locales/en/device-services.json';
import { addCatalogs } from '../../lib/i18n.ts';

/**
 * The device services' words (`deviceServices`): the summary's services card, and the update
 * progress shown on the summary and in the device list's rows.
 *
 * Carried by the chunks of the modules that import it for its effect (a module runs before its
 * components render, so the words are in first), not by the app's catalog chunk, which
 * lib/app-catalogs.ts keeps to what the shell and the fleet list read: /fleets' first load
 * (apps/web/bundle-budget.json) does not pay for them.
 */
addCatalogs({ '../locales/en/device-services.json': deviceServices });
