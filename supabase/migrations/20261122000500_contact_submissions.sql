-- Contact messages from /kontakt: the table, its field rules (generated, …_rules.sql), and
-- the one function that writes it, public.store_contact_message – called by
-- send-contact-email, which stores the message under the id the browser made and claims its
-- practice mail (the outbox, …_outbox.sql: a trigger there owes the mail in the same
-- transaction). Deleted 12 months after it arrived (…_scheduled_jobs.sql). The service
-- role's only: the site never reads or writes the table itself.

create table public.contact_submissions (
  -- Made by the browser (as appointment requests' ids are): sending the same message again
  -- stores no second row and mails it once.
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  name text not null
    constraint name_valid check (private.is_filled(name, private.contact_name_max_length()))
    constraint name_characters check (not private.forbidden_in_line(name) and not private.is_blank(name))
    constraint name_is_a_name check (private.is_person_name(name)),
  email text not null
    constraint email_valid check (private.is_email(email))
    constraint email_characters check (not private.forbidden_in_line(email))
    constraint email_is_an_address check (private.is_mail_address(email)),
  phone text
    constraint phone_valid check (phone is null or private.is_filled(phone, private.phone_max_length()))
    constraint phone_characters check (not private.forbidden_in_line(phone) and not private.is_blank(phone))
    constraint phone_shows_text check (phone is null or not private.looks_blank(phone))
    constraint phone_is_a_number check (phone is null or private.is_phone_number(phone)),
  subject text
    constraint subject_valid check (subject is null or private.is_filled(subject, private.subject_max_length()))
    constraint subject_characters check (not private.forbidden_in_line(subject) and not private.is_blank(subject))
    constraint subject_shows_text check (subject is null or not private.looks_blank(subject)),
  message text not null
    constraint message_valid check (private.is_filled(message, private.message_max_length()))
    constraint message_characters check (not private.forbidden_in_message(message) and not private.is_blank(message))
    constraint message_shows_text check (not private.looks_blank(message)),
  -- The language of the page it was sent from (domain/languages.ts, generated into
  -- …_rules.sql): the visitor's acknowledgement is written in it, the practice's mail names it.
  language text not null default private.default_language()
    constraint language_valid check (private.is_language(language))
);
comment on table public.contact_submissions is 'Messages from /kontakt. Deleted 12 months after creation.';

-- Stores the message under the browser's id unless it is there already: {"status":
-- "stored"} (now or before: the caller then claims its practice mail, public.claim_mail
-- with the key contact/<id>/practice), or "conflict" (the id belongs to another message).
-- p_language: the visitor's (null: private.default_language()).
create function public.store_contact_message(
  p_id uuid,
  p_name text,
  p_email text,
  p_phone text,
  p_subject text,
  p_message text,
  p_language text default null
) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
  as $$
  declare
    existing public.contact_submissions;
    v_language text := coalesce(p_language, private.default_language());
  begin
    insert into public.contact_submissions (id, name, email, phone, subject, message, language)
      values (p_id, p_name, p_email, p_phone, p_subject, p_message, v_language)
      on conflict (id) do nothing;
    if not found then
      select * into existing from public.contact_submissions c where c.id = p_id;
      if existing.name is distinct from p_name or existing.email is distinct from p_email
        or existing.phone is distinct from p_phone or existing.subject is distinct from p_subject
        or existing.message is distinct from p_message or existing.language is distinct from v_language then
        return jsonb_build_object('status', 'conflict');
      end if;
    end if;
    return jsonb_build_object('status', 'stored');
  end
  $$;

-- The message owes the practice's mail (the outbox, …_outbox.sql), in the same transaction.
-- The trigger runs as its owner: the outbox is the service role's alone.
create function private.owe_contact_mail() returns trigger
  language plpgsql
  security definer
  set search_path = ''
  as $$
  begin
    insert into public.outbox_mails (kind, contact_message_id, idempotency_key)
      values ('contact', new.id, 'contact/' || new.id || '/practice');
    return null;
  end
  $$;

create trigger contact_mail_owed
  after insert on public.contact_submissions
  for each row execute function private.owe_contact_mail();

-- What the sender of a mail about a message reads (the practice's mail, the visitor's
-- acknowledgement): the message and the marks of the practice's mail (the outbox's hook,
-- mailKinds[kind].sql.payload; `record`: public.outbox_mails is created later, in
-- …_outbox.sql, and plpgsql reads its fields when it runs).
create function private.contact_mail_json(m record) returns jsonb
  language plpgsql stable
  set search_path = ''
  as $$
  begin
    return (select to_jsonb(c) || jsonb_build_object('send_failed_at', m.failed_at, 'form', 'contact',
                                                     'acknowledgement_charged', m.acknowledgement_charged)
              from public.contact_submissions c where c.id = m.contact_message_id);
  end
  $$;

-- Privileges: the service role only.
alter table public.contact_submissions enable row level security;
revoke all on public.contact_submissions from anon, authenticated;
grant all on public.contact_submissions to service_role;
revoke all on function public.store_contact_message(uuid, text, text, text, text, text, text) from public, anon, authenticated;
grant execute on function public.store_contact_message(uuid, text, text, text, text, text, text) to service_role;
revoke all on function private.owe_contact_mail() from public;
revoke all on function private.contact_mail_json(record) from public;
grant execute on function private.contact_mail_json(record) to service_role;
