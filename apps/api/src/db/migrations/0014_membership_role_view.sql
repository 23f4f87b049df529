-- Membership-only role views for permission rules (see model/access/rule-builders.ts).
-- `user_application_role` (0009) also UNIONs the staff sources (support agents, platform
-- admins), and PostgreSQL plans those branches into every permission check even though almost
-- no caller is staff. The rule builders read these lean views and add the staff sets
-- themselves only when the principal carries `isSupportAgent` / `isAdmin`.
-- The full views keep their meaning: they are redefined on top of these, same columns.

-- Organization administrators (every fleet of the organization), direct fleet membership, team access.
CREATE VIEW user_application_member_role AS
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
  JOIN application_membership_role amr ON amr.id = taa.application_membership_role;

CREATE OR REPLACE VIEW user_application_role AS
SELECT user_id, application_id, role_name, source FROM user_application_member_role
UNION ALL
SELECT u.id, a.id, 'support_agent', 'support'
  FROM "user" u
  JOIN application a ON a.is_accessible_by_support_until__date > now()
 WHERE u.is_support_agent
UNION ALL
SELECT u.id, a.id, 'balena_admin', 'platform'
  FROM "user" u CROSS JOIN application a
 WHERE u.is_platform_admin;

-- Same rows as before (memberships only, never staff), without planning the staff branches.
CREATE OR REPLACE VIEW user__has_direct_access_to__application AS
SELECT DISTINCT r.application_id AS id, r.user_id AS "user", r.application_id AS has_direct_access_to__application
  FROM user_application_member_role r;

-- Organization role per user from memberships only (administrator | member).
CREATE VIEW user_organization_member_role AS
SELECT om."user" AS user_id, om.is_member_of__organization AS organization_id, omr.name AS role_name, 'organization'::text AS source
  FROM organization_membership om
  JOIN organization_membership_role omr ON omr.id = om.organization_membership_role;

CREATE OR REPLACE VIEW user_organization_role AS
SELECT user_id, organization_id, role_name, source FROM user_organization_member_role
UNION ALL
SELECT u.id, o.id, 'balena_admin', 'platform'
  FROM "user" u CROSS JOIN organization o
 WHERE u.is_platform_admin;
