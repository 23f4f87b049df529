-- balena-sdk auth.requestVerificationEmail() asks for a new verification email by PATCHing
-- `user.has_been_sent_verification_email = true` (compat §3.7); the flag records that it did.
ALTER TABLE "user" ADD COLUMN has_been_sent_verification_email boolean NOT NULL DEFAULT false;
