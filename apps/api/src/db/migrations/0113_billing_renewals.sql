-- Renewals, past-due invoices and idempotent charges (apps/api/src/billing/renewal.service.ts,
-- accounts spec §4 "Organization frozen when invoices are past due more than 60 days").

-- The end of the period a subscription has paid for; the renewal job bills the next period once
-- this has passed. Existing subscriptions renew from their next period boundary after now (their
-- periods so far are not billed after the fact).
ALTER TABLE subscription ADD COLUMN current_period_end timestamptz;
UPDATE subscription s
   SET current_period_end = s.starts_on__date + make_interval(months => p.m * (1 + floor(
         (extract(year FROM age(now(), s.starts_on__date)) * 12 + extract(month FROM age(now(), s.starts_on__date))) / p.m)::int))
  FROM (SELECT id, CASE WHEN billing_cycle = 'annual' THEN 12 ELSE 1 END AS m FROM subscription) p
 WHERE p.id = s.id AND s.is_active;

-- subscription: the subscription a renewal invoice bills (one invoice per subscription period).
-- attempt_count / last_attempt_at: charge attempts (the idempotency key of a charge is the
-- invoice number plus its attempt, committed before the provider is called).
-- payment_method_token: the method the current attempt charges (a resumed attempt must send the
-- same request, and the organization may have changed its method meanwhile).
-- plan_change: what a plan change invoice applies once paid ({planId, cycle, reason}), so an
-- interrupted change can be finished from the invoice alone.
ALTER TABLE invoice
  ADD COLUMN subscription integer REFERENCES subscription (id) ON DELETE SET NULL,
  ADD COLUMN attempt_count integer NOT NULL DEFAULT 0,
  ADD COLUMN last_attempt_at timestamptz,
  ADD COLUMN payment_method_token text,
  ADD COLUMN plan_change jsonb;
CREATE UNIQUE INDEX invoice_subscription_period_key ON invoice (subscription, period_start) WHERE subscription IS NOT NULL;
CREATE INDEX invoice_unsettled_idx ON invoice (state, last_attempt_at) WHERE state IN ('past_due', 'processing');

-- The local test processor's record of its charges by idempotency key: a repeated key answers
-- the first outcome instead of charging again (as Stripe's idempotency keys do).
CREATE TABLE local_payment_charge (
  idempotency_key text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  organization integer REFERENCES organization (id) ON DELETE CASCADE,
  amount_in_cents integer NOT NULL,
  succeeded boolean NOT NULL,
  reference text,
  message text
);
CREATE INDEX local_payment_charge_org_idx ON local_payment_charge (organization);
