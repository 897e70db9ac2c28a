-- Closures: the days the practice is away besides Sundays and public holidays (a training,
-- illness, its own holidays) – rows of public.practice_closures, entered in Supabase's Table
-- Editor. The slot rules refuse them (…_appointment_requests.sql, private.slot_refusal_reason);
-- only the service role reads the table, anon learns the dates through practice_closed_days.

create table public.practice_closures (
  id bigint generated always as identity primary key,
  first_day date not null,
  last_day date not null,
  -- For the practice itself (why it is closed); never shown to visitors.
  note text constraint note_length check (note is null or char_length(note) <= 500),
  created_at timestamptz not null default now(),
  constraint days_in_order check (last_day >= first_day),
  -- A year at most per row: a typo in the year should not close the practice for a decade.
  constraint at_most_a_year check (last_day - first_day <= 366)
);
comment on table public.practice_closures is
  'Days the practice is closed besides Sundays and public holidays (a training, illness, holidays): '
  'one row per period, first_day to last_day inclusive. Added in Supabase''s Table Editor; the '
  'booking form offers none of these days. Only the service role reads it; the site learns the dates '
  'through practice_closed_days, never the note.';

alter table public.practice_closures enable row level security;
revoke all on public.practice_closures from public, anon, authenticated;
grant all on public.practice_closures to service_role;

-- Whether a closure covers the day. Security definer: it answers only yes or no, and the
-- insert trigger and the service role's functions both ask it.
create function private.is_closure(p_day date) returns boolean
  language sql stable
  security definer
  set search_path = ''
  as $$
    select exists (select 1 from public.practice_closures c where p_day between c.first_day and c.last_day)
  $$;

-- The days closures cover from p_from on, for p_days days (at most 200: the horizon and a
-- little more), as a sorted JSON array of 'YYYY-MM-DD'. Dates only, never the note.
-- Security definer, because anon may not read the table; anon may call it.
create function public.practice_closed_days(p_from date, p_days integer default 200) returns jsonb
  language sql stable
  security definer
  set search_path = ''
  as $$
    select coalesce(jsonb_agg(to_char(d.day, 'YYYY-MM-DD') order by d.day), '[]'::jsonb)
      from (select p_from + i as day from generate_series(0, least(greatest(p_days, 0), 200) - 1) i) d
      where exists (select 1 from public.practice_closures c where d.day between c.first_day and c.last_day)
  $$;

revoke all on function private.is_closure(date), public.practice_closed_days(date, integer) from public, anon, authenticated;
grant execute on function private.is_closure(date), public.practice_closed_days(date, integer) to service_role;
grant execute on function public.practice_closed_days(date, integer) to anon;
