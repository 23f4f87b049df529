-- Billing's charging hands as leases (apps/api/src/billing/billing-lease.ts), replacing session
-- advisory locks held on a pinned connection across the payment provider's call: a lease needs
-- no connection of its own, so it works behind PgBouncer in transaction mode and does not hold
-- the embedded database's one connection while the provider answers. A holder that dies leaves
-- its lease to expire; a live holder renews it while it works.
CREATE TABLE billing_lease (
  key text PRIMARY KEY CHECK (length(key) <= 64),
  holder uuid NOT NULL,
  expires_at timestamptz NOT NULL
);
