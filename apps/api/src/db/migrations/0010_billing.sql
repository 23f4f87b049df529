-- Our own billing engine (DESIGN "Billing"). Money in integer cents.
CREATE TABLE support_tier (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  slug text NOT NULL UNIQUE,
  title text NOT NULL,
  "includes__SLA" boolean NOT NULL DEFAULT false,
  includes_private_support boolean NOT NULL DEFAULT false
);

CREATE TABLE feature (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  slug text NOT NULL UNIQUE,
  title text NOT NULL,
  billing_code text
);

CREATE TABLE support_feature (
  id serial PRIMARY KEY,
  feature integer NOT NULL UNIQUE REFERENCES feature (id) ON DELETE CASCADE,
  support_tier integer NOT NULL REFERENCES support_tier (id) ON DELETE CASCADE
);
CREATE INDEX support_feature_tier_idx ON support_feature (support_tier);

CREATE TABLE plan (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  title text NOT NULL,
  billing_code text NOT NULL UNIQUE,
  -- Order of plan tiers for upgrade/downgrade classification.
  tier_order integer NOT NULL DEFAULT 0,
  can_self_serve boolean NOT NULL DEFAULT true,
  is_legacy boolean NOT NULL DEFAULT false,
  annual_price integer NOT NULL DEFAULT 0,
  monthly_price integer NOT NULL DEFAULT 0,
  -- Devices included before per-device charges apply.
  included_devices integer NOT NULL DEFAULT 0,
  supports_credits boolean NOT NULL DEFAULT false,
  is_valid_from__date timestamptz,
  is_valid_until__date timestamptz
);

CREATE TABLE plan_feature (
  id serial PRIMARY KEY,
  plan integer NOT NULL REFERENCES plan (id) ON DELETE CASCADE,
  feature integer NOT NULL REFERENCES feature (id) ON DELETE CASCADE,
  quantity integer NOT NULL DEFAULT 1,
  UNIQUE (plan, feature)
);
CREATE INDEX plan_feature_feature_idx ON plan_feature (feature);

CREATE TABLE plan_addon (
  id serial PRIMARY KEY,
  plan integer NOT NULL REFERENCES plan (id) ON DELETE CASCADE,
  feature integer NOT NULL REFERENCES feature (id) ON DELETE CASCADE,
  base_price integer NOT NULL DEFAULT 0,
  bills_dynamically boolean NOT NULL DEFAULT false,
  can_self_serve boolean NOT NULL DEFAULT true,
  UNIQUE (plan, feature)
);
CREATE INDEX plan_addon_feature_idx ON plan_addon (feature);

CREATE TABLE discount_code (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  code text NOT NULL UNIQUE,
  plan integer REFERENCES plan (id) ON DELETE CASCADE,
  discount_percentage integer NOT NULL CHECK (discount_percentage BETWEEN 0 AND 100),
  is_valid_until__date timestamptz
);
CREATE INDEX discount_code_plan_idx ON discount_code (plan);

CREATE TABLE subscription (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  is_for__organization integer NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
  is_for__plan integer NOT NULL REFERENCES plan (id),
  billing_cycle text NOT NULL DEFAULT 'monthly' CHECK (billing_cycle IN ('monthly', 'annual')),
  starts_on__date timestamptz NOT NULL DEFAULT now(),
  ends_on__date timestamptz,
  discount_percentage integer NOT NULL DEFAULT 0,
  is_active boolean NOT NULL DEFAULT true,
  origin text,
  plan_change_reason text
);
CREATE INDEX subscription_plan_idx ON subscription (is_for__plan);
-- At most one active subscription per organization.
CREATE UNIQUE INDEX subscription_active_org_key ON subscription (is_for__organization) WHERE is_active;
CREATE INDEX subscription_org_idx ON subscription (is_for__organization);

CREATE TABLE subscription_prepaid_addon (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  is_for__subscription integer NOT NULL REFERENCES subscription (id) ON DELETE CASCADE,
  feature integer NOT NULL REFERENCES feature (id),
  quantity integer NOT NULL,
  discount_percentage integer NOT NULL DEFAULT 0,
  starts_on__date timestamptz NOT NULL DEFAULT now(),
  expires_on__date timestamptz
);
CREATE INDEX subscription_prepaid_addon_sub_idx ON subscription_prepaid_addon (is_for__subscription);
CREATE INDEX subscription_prepaid_addon_feature_idx ON subscription_prepaid_addon (feature);

CREATE TABLE subscription_addon_discount (
  id serial PRIMARY KEY,
  is_for__subscription integer NOT NULL REFERENCES subscription (id) ON DELETE CASCADE,
  discounts__plan_addon integer NOT NULL REFERENCES plan_addon (id) ON DELETE CASCADE,
  discount_percentage integer NOT NULL,
  UNIQUE (is_for__subscription, discounts__plan_addon)
);
CREATE INDEX subscription_addon_discount_addon_idx ON subscription_addon_discount (discounts__plan_addon);

CREATE TABLE credit_bundle (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  belongs_to__organization integer NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
  is_for__feature integer NOT NULL REFERENCES feature (id),
  is_created_by__user integer REFERENCES "user" (id) ON DELETE SET NULL,
  original_quantity integer NOT NULL CHECK (original_quantity BETWEEN 0 AND 1500000),
  total_balance integer NOT NULL,
  total_cost integer NOT NULL,
  payment_status text NOT NULL DEFAULT 'processing'
    CHECK (payment_status IN ('processing', 'paid', 'complimentary', 'manually invoiced', 'failed')),
  error_message text,
  expires_on__date timestamptz NOT NULL DEFAULT (now() + interval '10 years')
);
CREATE INDEX credit_bundle_org_idx ON credit_bundle (belongs_to__organization);
CREATE INDEX credit_bundle_feature_idx ON credit_bundle (is_for__feature);
CREATE INDEX credit_bundle_creator_idx ON credit_bundle (is_created_by__user);

CREATE TABLE organization_credit_notification (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  organization integer NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
  owns_credit_notification_for__feature integer NOT NULL REFERENCES feature (id),
  is_sent_when_below__threshold integer NOT NULL CHECK (is_sent_when_below__threshold BETWEEN 0 AND 1500000),
  last_sent_at timestamptz,
  UNIQUE (organization, owns_credit_notification_for__feature)
);
CREATE INDEX org_credit_notification_feature_idx ON organization_credit_notification (owns_credit_notification_for__feature);

-- Billing account info (accounts §3): one per organization.
CREATE TABLE billing_account (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  organization integer NOT NULL UNIQUE REFERENCES organization (id) ON DELETE CASCADE,
  account_state text NOT NULL DEFAULT 'active' CHECK (account_state IN ('active', 'closed', 'past_due')),
  email text,
  company_name text,
  address1 text,
  address2 text,
  city text,
  state text,
  zip text,
  country text,
  phone text,
  tax_id_type text,
  tax_id_value text,
  tax_id_country text,
  provider_customer_id text
);

-- The payment method on file.
CREATE TABLE billing_info (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  organization integer NOT NULL UNIQUE REFERENCES organization (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('credit_card', 'card', 'bank_account', 'us_bank_account', 'sepa_debit', 'paypal', 'cashapp', 'link')),
  first_one text,
  last_four text,
  card_type text CHECK (card_type IN ('amex', 'discover', 'mastercard', 'visa')),
  month integer,
  year integer,
  routing_number text,
  company text,
  token_id text,
  address jsonb
);

CREATE TABLE setup_intent (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  organization integer NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
  provider_id text NOT NULL UNIQUE,
  client_secret text NOT NULL,
  status text NOT NULL DEFAULT 'requires_confirmation',
  payment_method_token text
);
CREATE INDEX setup_intent_org_idx ON setup_intent (organization);

CREATE TABLE invoice (
  id serial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  uuid text NOT NULL UNIQUE,
  organization integer NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
  invoice_number text NOT NULL UNIQUE,
  state text NOT NULL DEFAULT 'draft'
    CHECK (state IN ('paid', 'voided', 'void', 'closed', 'pending', 'processing', 'open', 'draft', 'failed', 'past_due')),
  due_on timestamptz,
  paid_on timestamptz,
  period_start timestamptz,
  period_end timestamptz,
  total_in_cents integer NOT NULL DEFAULT 0,
  currency text NOT NULL DEFAULT 'usd'
);
CREATE INDEX invoice_org_idx ON invoice (organization, created_at DESC);

CREATE TABLE invoice_line (
  id serial PRIMARY KEY,
  invoice integer NOT NULL REFERENCES invoice (id) ON DELETE CASCADE,
  description text NOT NULL,
  feature_slug text,
  quantity integer NOT NULL DEFAULT 1,
  unit_amount_in_cents integer NOT NULL DEFAULT 0,
  amount_in_cents integer NOT NULL DEFAULT 0
);
CREATE INDEX invoice_line_invoice_idx ON invoice_line (invoice);
