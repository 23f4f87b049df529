import accountEmail from '../../locales/en/account-email.json';
import { addCatalogs } from '../../lib/i18n.ts';

/**
 * The email and password words (`accountEmail`): the password-reset and email-verification
 * pages reached from sign-in or a link, and the change-email and change-password forms of the
 * preferences details tab. Not in the entry with the sign-in words: the sign-in page reads none.
 *
 * Carried by the chunks of the modules that import it for its effect (a module runs before its
 * components render, so the words are in first), not by the app's catalog chunk, which
 * lib/app-catalogs.ts keeps to what the shell and the fleet list read: /fleets' first load
 * (apps/web/bundle-budget.json) does not pay for them.
 */
addCatalogs({ '../locales/en/account-email.json': accountEmail });
