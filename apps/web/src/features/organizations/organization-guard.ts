import type { QueryClient } from '@tanstack/react-query';

/**
 * Placeholder, owned by the organizations helper: loads the organization for `/orgs/$orgId`,
 * redirects to /orgs when it is missing, and applies the frozen-organization rule.
 */
export async function organizationGuard(_queryClient: QueryClient, _orgId: number, _pathname: string): Promise<void> {}
