import credits from '../../locales/en/credits.json';
import { addCatalogs } from '../../lib/i18n.ts';

/**
 * The credits page's words (`credits` namespace), in the page's own chunk like the billing
 * page's (billing-catalog.ts says why; lib/app-catalogs.ts leaves this file out). Imported for
 * its effect by the page, so the words are in before any of its components renders. The
 * sidebar's "Credits" lives in common.
 */
addCatalogs({ '../locales/en/credits.json': credits });
