-- Superseding a user's earlier links of one purpose (a new reset link voids the old ones).
CREATE INDEX user_action_token_user_purpose_idx ON user_action_token ("user", purpose) WHERE used_at IS NULL;
