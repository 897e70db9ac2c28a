-- Seed data for `supabase db reset` (Supabase CLI) and the embedded local stack.
-- Intentionally empty: both tables hold visitors' requests only, and the tests create
-- the rows they need. Sample rows here would end up in every developer's mail catcher.
select 1;
