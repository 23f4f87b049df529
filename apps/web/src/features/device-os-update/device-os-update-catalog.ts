import deviceOsUpdate from '../../locales/en/device-os-update.json';
import { addCatalogs } from '../../lib/i18n.ts';

/**
 * The host OS and supervisor update words (`deviceOsUpdate`): the settings page's update
 * sections and the OS version shown on the device summary, each importing this file.
 *
 * Carried by the chunks of the modules that import it for its effect (a module runs before its
 * components render, so the words are in first), not by the app's catalog chunk, which
 * lib/app-catalogs.ts keeps to what the shell and the fleet list read: /fleets' first load
 * (apps/web/bundle-budget.json) does not pay for them.
 */
addCatalogs({ '../locales/en/device-os-update.json': deviceOsUpdate });
