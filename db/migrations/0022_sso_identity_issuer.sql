DROP INDEX "users_oidc_subject_index";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "oidc_issuer" varchar(255);--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "revoked_reason" varchar(32);--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_identity_idx" ON "users" USING btree ("oidc_issuer","oidc_subject");--> statement-breakpoint
CREATE INDEX "users_oidc_subject_idx" ON "users" USING btree ("oidc_subject");--> statement-breakpoint
-- Links made before this migration came from the SSO's subject alone, and the old rule also linked an
-- account by a matching e-mail (verified or not) or username, rewriting its subject. An administrator's
-- or calendar manager's link could so be someone else's identity: those are dropped when the account has
-- a password (its owner links again by signing in with it once after the SSO, lib/auth/sso-link.ts).
-- The other links keep their subject with no issuer; the configured SSO adopts them on the next sign-in.
UPDATE "users" SET "oidc_subject" = NULL WHERE "oidc_subject" IS NOT NULL AND "role_id" IN (1, 2) AND "password_hash" IS NOT NULL;
