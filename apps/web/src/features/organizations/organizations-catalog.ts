import organizations from '../../locales/en/organizations.json';
import { addCatalogs } from '../../lib/i18n.ts';

/**
 * The organization pages' words (`organizations`): the list, an organization's layout (its
 * past-due notice) and pages, the guard's frozen-organization toasts (organization-guard.ts, loaded
 * by the route), the create-organization dialog the create-fleet dialog opens too, and the
 * applications list a member's and a team's pages show. The sidebar's "Organizations" is in common.
 *
 * Carried by the chunks of the modules that import it for its effect (a module runs before its
 * components render, so the words are in first), not by the app's catalog chunk, which
 * lib/app-catalogs.ts keeps to what the shell and the fleet list read: /fleets' first load
 * (apps/web/bundle-budget.json) does not pay for them.
 */
addCatalogs({ '../locales/en/organizations.json': organizations });
