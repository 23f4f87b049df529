-- The billing engine (apps/api/src/billing/): invoice numbers and the local test processor's
-- confirmed payment methods. setup_intent.client_secret holds the SHA-256 (hex) of the secret
-- handed to the browser, never the secret itself.
CREATE SEQUENCE invoice_number_seq;

ALTER TABLE setup_intent
  ADD COLUMN payment_method jsonb,
  ADD COLUMN confirmed_at timestamptz;
CREATE INDEX setup_intent_payment_method_token_idx ON setup_intent (payment_method_token);

ALTER TABLE invoice
  ADD COLUMN failure_message text,
  ADD COLUMN description text;
