import devices from '../../locales/en/devices.json';
import { addCatalogs } from '../../lib/i18n.ts';

/**
 * The device pages' words (`devices`): the device list (and its map lens, a chunk of its own),
 * the device summary, and the note field, tags card and rename dialog of features/device-summary,
 * which the settings page's notes section shows too. The fleet list reads none of them: its
 * device counts are in `fleets`.
 *
 * Carried by the chunks of the modules that import it for its effect (a module runs before its
 * components render, so the words are in first), not by the app's catalog chunk, which
 * lib/app-catalogs.ts keeps to what the shell and the fleet list read: /fleets' first load
 * (apps/web/bundle-budget.json) does not pay for them.
 */
addCatalogs({ '../locales/en/devices.json': devices });
