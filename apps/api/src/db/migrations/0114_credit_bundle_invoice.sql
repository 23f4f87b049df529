-- A credit purchase's invoice names its bundle (apps/api/src/billing/credits.service.ts): the
-- purchase commits the bundle and its invoice as `processing`, charges outside the transaction
-- (billing/invoice-charge.ts), and the charge's outcome, recorded on the invoice, also settles
-- the bundle; an interrupted purchase is finished from the invoice alone, with the same
-- idempotency key, as renewals and plan changes are.
ALTER TABLE invoice ADD COLUMN credit_bundle integer REFERENCES credit_bundle (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX invoice_credit_bundle_key ON invoice (credit_bundle) WHERE credit_bundle IS NOT NULL;
