-- The membership sets of the permission rules (model/access/rule-builders.ts) as functions.
--
-- Every row rule asks "is the row's fleet (organization) among those where the user holds one of
-- these roles?". Inlined, that set is the lean view `user_application_member_role` (0014: three
-- UNION ALL branches of joins), and PostgreSQL plans it again in every statement: ~0.45 ms per
-- reference on PGlite, more than executing it, and a write's checks reference it two or three
-- times (bench/writes.bench.ts). A PL/pgSQL function is never inlined into the caller's plan;
-- its query is prepared once per connection and its plan cached (a generic plan after the first
-- few calls), so a statement that uses it plans only a function scan.
--
-- Same rows as the views they read: memberships only (organization administrators on every
-- fleet of their organization, direct fleet roles, team grants); the staff sources (support
-- agents, platform admins) stay in the rule builders, added only for flagged principals.
-- `p_roles` NULL means any role. STABLE: they read tables and do not change them, so one
-- statement sees one snapshot. ROWS 10: a user holds roles on a handful of fleets, not the
-- default estimate of 1000, which would steer the callers' plans towards hashing whole tables.

CREATE FUNCTION fleet_ids_with_role(p_user_id integer, p_roles text[]) RETURNS SETOF integer
LANGUAGE plpgsql STABLE ROWS 10 AS $$
BEGIN
  RETURN QUERY SELECT r.application_id FROM user_application_member_role r
                WHERE r.user_id = p_user_id AND (p_roles IS NULL OR r.role_name = ANY (p_roles));
END
$$;

CREATE FUNCTION organization_ids_with_role(p_user_id integer, p_roles text[]) RETURNS SETOF integer
LANGUAGE plpgsql STABLE ROWS 10 AS $$
BEGIN
  RETURN QUERY SELECT r.organization_id FROM user_organization_member_role r
                WHERE r.user_id = p_user_id AND (p_roles IS NULL OR r.role_name = ANY (p_roles));
END
$$;
