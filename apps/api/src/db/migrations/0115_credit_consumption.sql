-- Prepaid credits consumed at renewals (apps/api/src/billing/credit-consumption.ts; accounts
-- spec §9 "Credits: one device-month each"): what each renewal took from the organization's
-- bundles, and the invoice it paid part of. The bundles' total_balance is what is left.
CREATE TABLE credit_consumption (
  id serial PRIMARY KEY,
  consumed_at timestamptz NOT NULL DEFAULT now(),
  organization integer NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
  is_for__feature integer NOT NULL REFERENCES feature (id),
  quantity integer NOT NULL CHECK (quantity > 0),
  invoice integer REFERENCES invoice (id) ON DELETE SET NULL
);
CREATE INDEX credit_consumption_org_idx ON credit_consumption (organization, consumed_at);
