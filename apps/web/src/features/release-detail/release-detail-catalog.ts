import releaseDetail from '../../locales/en/release-detail.json';
import { addCatalogs } from '../../lib/i18n.ts';

/**
 * A release's pages' words (`releaseDetail`): summary, settings, and the build cards that load
 * after the summary. The release route's loader (routes.tsx) imports this file dynamically for
 * its not-found toast, which it shows before any of the pages loads.
 *
 * Carried by the chunks of the modules that import it for its effect (a module runs before its
 * components render, so the words are in first), not by the app's catalog chunk, which
 * lib/app-catalogs.ts keeps to what the shell and the fleet list read: /fleets' first load
 * (apps/web/bundle-budget.json) does not pay for them.
 */
addCatalogs({ '../locales/en/release-detail.json': releaseDetail });
