/**
 * The suites' one way to read caught mail: Mailpit's REST API through the `mailpit-api`
 * client, so the same code runs against the stand-in's catcher (scripts/stack/mail-ui.ts,
 * `stack.urls.mailUi`) and the Mailpit of a real `supabase start` (MAILPIT_URL).
 *
 * Mailpit lists an empty To/Cc/Bcc as null in its message list (not in a message's
 * details); addressesOf() takes either.
 */
import {
  MailpitClient,
  type MailpitEmailAddressResponse,
  type MailpitMessageListItem,
  type MailpitMessageSummaryResponse,
} from 'mailpit-api';

/** A message as the list shows it: addresses, subject, snippet, number of attachments. */
export type MailListItem = MailpitMessageListItem;
/** A whole message: Text, HTML, Attachments with their PartID, … */
export type Mail = MailpitMessageSummaryResponse;

/** The SMTP code the simulated outage refuses with, at MAIL FROM. */
export const OUTAGE_CODE = 554;

/** The addresses of a Mailpit address list, lower case. */
export function addressesOf(list: MailpitEmailAddressResponse[] | null | undefined): string[] {
  return (list ?? []).map((entry) => entry.Address.toLowerCase());
}

/** Whether the To header names this address. */
export function isTo(mail: Pick<MailListItem, 'To'>, address: string): boolean {
  return addressesOf(mail.To).includes(address.toLowerCase());
}

export interface WaitOptions {
  /** Default 10 s. */
  timeoutMs?: number;
  /** Default 100 ms. */
  intervalMs?: number;
}

export interface MailApi {
  readonly client: MailpitClient;
  /** Every caught message, newest first (Mailpit's order). */
  list(): Promise<MailListItem[]>;
  /** One whole message (Mailpit marks it read). */
  get(id: string): Promise<Mail>;
  /** Every caught message whole, oldest first. */
  all(): Promise<Mail[]>;
  /** An attachment's bytes. */
  attachment(id: string, partId: string): Promise<Buffer>;
  /** The oldest message (caught or arriving) that matches; rejects after the timeout. */
  waitFor(predicate: (mail: Mail) => boolean, options?: WaitOptions): Promise<Mail>;
  /** Deletes every message. */
  clear(): Promise<void>;
  /** Whether Mailpit's chaos API is on (the stand-in: always; `supabase start`: not). */
  chaosEnabled(): Promise<boolean>;
  /**
   * A mail outage (a provider refusing everything): every MAIL FROM refused with
   * OUTAGE_CODE, through Mailpit's chaos triggers; false resets them. Turning it off
   * where chaos is not enabled does nothing (nothing can be on).
   */
  outage(on: boolean): Promise<void>;
}

const PAGE = 200;

function chaosDisabled(error: unknown): boolean {
  return error instanceof Error && error.message.includes('Chaos is not enabled');
}

export function mailApi(baseUrl: string): MailApi {
  if (!baseUrl) throw new Error('No mail API: the stack runs without its catcher (SMTP_URL is set) and no MAILPIT_URL was given.');
  const client = new MailpitClient(baseUrl);
  /** Messages never change, so their details are read once. */
  const details = new Map<string, Mail>();
  const get = async (id: string) => {
    const known = details.get(id);
    if (known) return known;
    const mail = await client.getMessageSummary(id);
    details.set(id, mail);
    return mail;
  };
  const list = async () => {
    const items: MailListItem[] = [];
    for (let start = 0; ; start += PAGE) {
      const page = await client.listMessages(start, PAGE);
      items.push(...page.messages);
      if (page.messages.length < PAGE || items.length >= page.messages_count) return items;
    }
  };
  const all = async () => {
    const items = (await list()).reverse();
    const mails: Mail[] = [];
    // One at a time: a burst of requests would compete with the functions under test.
    for (const item of items) mails.push(await get(item.ID));
    return mails;
  };

  return {
    client,
    list,
    get,
    all,
    async attachment(id, partId) {
      return Buffer.from(await (await client.getMessageAttachment(id, partId)).arrayBuffer());
    },
    async waitFor(predicate, { timeoutMs = 10_000, intervalMs = 100 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mails = await all();
        const found = mails.find(predicate);
        if (found) return found;
        if (Date.now() >= deadline) {
          throw new Error(`No matching e-mail arrived within ${timeoutMs} ms (${mails.length} caught so far)`);
        }
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    },
    async clear() {
      await client.deleteMessages();
      details.clear();
    },
    async chaosEnabled() {
      try {
        await client.getChaosTriggers();
        return true;
      } catch (error) {
        if (chaosDisabled(error)) return false;
        throw error;
      }
    },
    async outage(on) {
      try {
        await client.setChaosTriggers(on ? { Sender: { ErrorCode: OUTAGE_CODE, Probability: 100 } } : {});
      } catch (error) {
        if (!chaosDisabled(error)) throw error;
        if (on) {
          throw new Error(
            "Mailpit's chaos API is off, so no mail outage can be simulated (`supabase start` runs Mailpit without --enable-chaos; the stand-in has it).",
            { cause: error },
          );
        }
      }
    },
  };
}
