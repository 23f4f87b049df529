-- Who holds which role on which fleet (fleets §6, accounts §6). Permission rules compile to
-- EXISTS over this view. Organization administrators hold `administrator` on every fleet of
-- the organization; organization `member` alone gives no fleet access (members get explicit
-- access to fleets and teams). Staff: support agents on fleets with active support access,
-- platform admins (balena_admin) everywhere.
CREATE VIEW user_application_role AS
SELECT om."user" AS user_id, a.id AS application_id, 'administrator'::text AS role_name, 'organization'::text AS source
  FROM organization_membership om
  JOIN organization_membership_role omr ON omr.id = om.organization_membership_role AND omr.name = 'administrator'
  JOIN application a ON a.organization = om.is_member_of__organization
UNION ALL
SELECT uam."user", uam.is_member_of__application, amr.name, 'application'
  FROM user_application_membership uam
  JOIN application_membership_role amr ON amr.id = uam.application_membership_role
UNION ALL
SELECT tm."user", taa.grants_access_to__application, amr.name, 'team'
  FROM team_membership tm
  JOIN team_application_access taa ON taa.team = tm.is_member_of__team
  JOIN application_membership_role amr ON amr.id = taa.application_membership_role
UNION ALL
SELECT u.id, a.id, 'support_agent', 'support'
  FROM "user" u
  JOIN application a ON a.is_accessible_by_support_until__date > now()
 WHERE u.is_support_agent
UNION ALL
SELECT u.id, a.id, 'balena_admin', 'platform'
  FROM "user" u CROSS JOIN application a
 WHERE u.is_platform_admin;

-- "Fleets the user has direct access to" (compat §6.5): memberships only, never staff flags.
-- `id` repeats the fleet id: rows are only ever read for one user (the caller), where it is unique.
CREATE VIEW user__has_direct_access_to__application AS
SELECT DISTINCT r.application_id AS id, r.user_id AS "user", r.application_id AS has_direct_access_to__application
  FROM user_application_role r
 WHERE r.source IN ('organization', 'application', 'team');

-- Organization role per user (administrator | member), plus staff roles over every organization.
CREATE VIEW user_organization_role AS
SELECT om."user" AS user_id, om.is_member_of__organization AS organization_id, omr.name AS role_name, 'organization'::text AS source
  FROM organization_membership om
  JOIN organization_membership_role omr ON omr.id = om.organization_membership_role
UNION ALL
SELECT u.id, o.id, 'balena_admin', 'platform'
  FROM "user" u CROSS JOIN organization o
 WHERE u.is_platform_admin;
