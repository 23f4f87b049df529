import twoFactor from '../../locales/en/two-factor.json';
import { addCatalogs } from '../../lib/i18n.ts';

/**
 * The two-factor words (`twoFactor`): the code page after sign-in, and the preferences tab with
 * its enable, disable and regenerate dialogs. Not in the entry with the sign-in words: the
 * sign-in page reads none, and the code page is a chunk of its own.
 *
 * Carried by the chunks of the modules that import it for its effect (a module runs before its
 * components render, so the words are in first), not by the app's catalog chunk, which
 * lib/app-catalogs.ts keeps to what the shell and the fleet list read: /fleets' first load
 * (apps/web/bundle-budget.json) does not pay for them.
 */
addCatalogs({ '../locales/en/two-factor.json': twoFactor });
