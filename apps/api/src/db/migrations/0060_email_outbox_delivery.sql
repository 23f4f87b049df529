-- Outbox delivery state (email/outbox-sender.ts): when a pending row may next be tried (a lease
-- taken by the replica that sends it, then the retry back-off) and when it was given up.
ALTER TABLE email_outbox ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE email_outbox ADD COLUMN failed_at timestamptz;
DROP INDEX email_outbox_unsent_idx;
CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
