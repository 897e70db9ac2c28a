-- Seed data for `supabase db reset` / `supabase start` (Supabase CLI) and the embedded stack.
--
-- No rows: both tables hold visitors' requests only, and the tests create the rows they
-- need (sample rows would end up in every developer's mail catcher).
--
-- The one thing a local database needs: the functions' FORM_PROOF_SECRET in Vault, with
-- which Postgres checks the form proof of the booking form's insert (migration
-- 20261122000200_limits_and_proofs.sql). This is the public local value of
-- supabase/functions/.env.example; if you set another in supabase/functions/.env, update
-- it here too (`select vault.update_secret(id, '<secret>') from vault.secrets where name =
-- 'form_proof_secret'`). The embedded stack stores the value the functions get at every
-- start, so it never needs this. Hosted projects: docs/deploy.md.
select vault.create_secret('local-form-proof-secret-not-secret', 'form_proof_secret')
 where not exists (select 1 from vault.secrets where name = 'form_proof_secret');
