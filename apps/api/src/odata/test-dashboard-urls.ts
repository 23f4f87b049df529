/**
 * The dashboard's heaviest queries as pinejs-client-core 8 emits them (apps/web/src:
 * organizations/api/scoped-applications.ts member scope, lib/permissions.ts team roles,
 * members/api/teams.queries.ts, organizations/api/organizations.queries.ts).
 */
export const DASHBOARD_URLS = [
  "/application?$select=id,app_name,slug&$filter=organization eq 5 and is_of__class eq 'fleet' and (user_application_membership/any(uam:uam/user eq 7) or team_application_access/any(taa:taa/team/team_membership/any(tm:tm/user eq 7)))&$expand=is_for__device_type($select=slug,name),owns__device/$count&$orderby=app_name asc",
  '/team?$select=id&$filter=team_membership/any(tm:tm/user eq 7)&$expand=team_application_access($select=id;$filter=grants_access_to__application eq 3;$expand=application_membership_role($select=name))',
  '/team_membership?$select=id&$filter=user eq 4 and is_member_of__team/belongs_to__organization eq 9&$expand=is_member_of__team($select=id,name)',
  "/organization?$select=id,name,handle,created_at,logo_image&$filter=organization_membership/any(om:om/user eq 3)&$expand=organization_membership/$count,application/$count($filter=is_of__class eq 'fleet')&$orderby=name asc",
];
