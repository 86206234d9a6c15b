-- A sign-out of every device (token_version bumped by a password change or reset) or a deleted account is announced
-- to every server process on this database (NOTIFY duka_token_revoked, the user's id): each drops the user from its
-- cache of checked token versions at once (lib/token-revocations.ts), so the cache may keep them for minutes.
CREATE OR REPLACE FUNCTION duka_token_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.token_version IS DISTINCT FROM OLD.token_version THEN
    PERFORM pg_notify('duka_token_revoked', OLD.id::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_token_revoked AFTER UPDATE OF token_version OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION duka_token_revoked();
