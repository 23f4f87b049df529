import support from '../../locales/en/support.json';
import { addCatalogs } from '../../lib/i18n.ts';

/**
 * The support drawer's words (`support` namespace), carried by the drawer's own chunk, which
 * loads when the header's Support button is first pressed (lib/app-catalogs.ts leaves this file
 * out): no page's first load pays for them. Imported for its effect by the drawer, so they are
 * in before it renders. The button's own label is in `shell`.
 */
addCatalogs({ '../locales/en/support.json': support });
