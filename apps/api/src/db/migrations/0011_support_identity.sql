-- Social sign-in accounts (GitHub, Google) linked to a user.
CREATE TABLE social_service_account (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  belongs_to__user integer NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('github', 'google')),
  remote_id text NOT NULL,
  display_name text,
  UNIQUE (provider, remote_id)
);
CREATE INDEX social_service_account_user_idx ON social_service_account (belongs_to__user);

CREATE TABLE identity_provider (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  sso_identifier text NOT NULL UNIQUE CHECK (length(sso_identifier) >= 3),
  entry_point text NOT NULL,
  issuer text NOT NULL,
  certificate text NOT NULL
);

CREATE TABLE identity_provider_membership (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  is_authorized_by__identity_provider integer NOT NULL REFERENCES identity_provider (id) ON DELETE CASCADE,
  authorizes__organization integer NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
  grants_access_to__team integer REFERENCES team (id) ON DELETE SET NULL,
  UNIQUE (is_authorized_by__identity_provider, authorizes__organization)
);
CREATE INDEX idp_membership_org_idx ON identity_provider_membership (authorizes__organization);
CREATE INDEX idp_membership_team_idx ON identity_provider_membership (grants_access_to__team);

CREATE TABLE saml_account (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  belongs_to__user integer NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  was_generated_by__identity_provider integer NOT NULL REFERENCES identity_provider (id),
  remote_id text NOT NULL,
  display_name text,
  UNIQUE (was_generated_by__identity_provider, remote_id)
);
CREATE INDEX saml_account_user_idx ON saml_account (belongs_to__user);

CREATE TABLE oauth_application (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  client_id text NOT NULL UNIQUE,
  client_secret_hash text,
  redirect_uri text NOT NULL,
  name text NOT NULL,
  description text,
  is_created_by__user integer REFERENCES "user" (id) ON DELETE SET NULL
);
CREATE INDEX oauth_application_creator_idx ON oauth_application (is_created_by__user);

CREATE TABLE oauth_application_authorization (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  belongs_to__user integer NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  oauth_application integer NOT NULL REFERENCES oauth_application (id) ON DELETE CASCADE,
  UNIQUE (belongs_to__user, oauth_application)
);
CREATE INDEX oauth_app_auth_app_idx ON oauth_application_authorization (oauth_application);

-- Short-lived codes handed out by POST /oauth/authorize.
CREATE TABLE oauth_authorization_code (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  code_hash text NOT NULL UNIQUE,
  oauth_application integer NOT NULL REFERENCES oauth_application (id) ON DELETE CASCADE,
  "user" integer NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  redirect_uri text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX oauth_code_app_idx ON oauth_authorization_code (oauth_application);
CREATE INDEX oauth_code_user_idx ON oauth_authorization_code ("user");

-- Our own help desk.
CREATE TABLE support_ticket_field (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  type text NOT NULL,
  title_in_portal text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  visible_in_portal boolean NOT NULL DEFAULT true,
  editable_in_portal boolean NOT NULL DEFAULT true,
  required_in_portal boolean NOT NULL DEFAULT false,
  options jsonb,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE support_ticket (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  is_for__organization integer NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
  is_created_by__user integer REFERENCES "user" (id) ON DELETE SET NULL,
  is_assigned_to__user integer REFERENCES "user" (id) ON DELETE SET NULL,
  subject text NOT NULL,
  description text NOT NULL,
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'open', 'pending', 'solved', 'closed')),
  priority text NOT NULL DEFAULT 'normal' CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
  email_ccs jsonb NOT NULL DEFAULT '[]'::jsonb,
  custom_fields jsonb NOT NULL DEFAULT '[]'::jsonb
);
CREATE INDEX support_ticket_org_idx ON support_ticket (is_for__organization);
CREATE INDEX support_ticket_creator_idx ON support_ticket (is_created_by__user);
CREATE INDEX support_ticket_assignee_idx ON support_ticket (is_assigned_to__user);
CREATE INDEX support_ticket_status_idx ON support_ticket (status, created_at);

CREATE TABLE support_ticket_comment (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  support_ticket integer NOT NULL REFERENCES support_ticket (id) ON DELETE CASCADE,
  is_written_by__user integer REFERENCES "user" (id) ON DELETE SET NULL,
  body text NOT NULL,
  is_public boolean NOT NULL DEFAULT true
);
CREATE INDEX support_ticket_comment_ticket_idx ON support_ticket_comment (support_ticket);
CREATE INDEX support_ticket_comment_author_idx ON support_ticket_comment (is_written_by__user);

-- Attachments up to 5 MB, stored in the database; linked to a ticket once it is submitted.
CREATE TABLE support_attachment (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  token text NOT NULL UNIQUE,
  support_ticket integer REFERENCES support_ticket (id) ON DELETE CASCADE,
  is_uploaded_by__user integer REFERENCES "user" (id) ON DELETE SET NULL,
  filename text NOT NULL,
  content_type text NOT NULL,
  size integer NOT NULL CHECK (size <= 5242880),
  data bytea NOT NULL
);
CREATE INDEX support_attachment_ticket_idx ON support_attachment (support_ticket);
CREATE INDEX support_attachment_user_idx ON support_attachment (is_uploaded_by__user);

-- Outgoing email: sent through SMTP when configured, readable in development.
CREATE TABLE email_outbox (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  kind text NOT NULL,
  sent_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text
);
CREATE INDEX email_outbox_unsent_idx ON email_outbox (created_at) WHERE sent_at IS NULL;
CREATE INDEX email_outbox_to_idx ON email_outbox (to_address);
