import fleetTags from '../../locales/en/fleet-tags.json';
import { addCatalogs } from '../../lib/i18n.ts';

/**
 * A fleet's tags' words (`fleetTags`), read by the fleet summary's tags card only.
 *
 * Carried by the chunks of the modules that import it for its effect (a module runs before its
 * components render, so the words are in first), not by the app's catalog chunk, which
 * lib/app-catalogs.ts keeps to what the shell and the fleet list read: /fleets' first load
 * (apps/web/bundle-budget.json) does not pay for them.
 */
addCatalogs({ '../locales/en/fleet-tags.json': fleetTags });
