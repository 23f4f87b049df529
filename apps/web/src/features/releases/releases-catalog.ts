import releases from '../../locales/en/releases.json';
import { addCatalogs } from '../../lib/i18n.ts';

/**
 * The release list's words (`releases`): the list, its status cells and the add-release dialog,
 * all read inside the list page's chunk. Imported for its effect by the page (a module runs
 * before its components render, so the words are in first), not carried by the app's catalog
 * chunk, which lib/app-catalogs.ts keeps to what the shell and the fleet list read: /fleets'
 * first load (apps/web/bundle-budget.json) does not pay for them.
 */
addCatalogs({ '../locales/en/releases.json': releases });
