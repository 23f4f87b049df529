import billing from '../../locales/en/billing.json';
import { addCatalogs } from '../../lib/i18n.ts';

/**
 * The billing page's words (`billing` namespace), which travel in the page's own chunk rather
 * than in the app's one catalog chunk (lib/app-catalogs.ts leaves this file out): the /fleets
 * first load is held to a budget (apps/web/bundle-budget.json) that a catalog only the billing
 * page reads should not spend. Imported for its effect by the page and its dialogs, so the
 * words are in before any of them renders (a module runs before its components do); nothing
 * outside the page uses the namespace (the sidebar's "Billing" and the frozen-organization
 * errors live in common and organizations).
 */
addCatalogs({ '../locales/en/billing.json': billing });
