/**
 * The newsletter as a subscriber lives it, at phone width: subscribing on /blog, the
 * confirmation mail, its link confirmed with one press, a newly published article reaching
 * the confirmed address once through the outbox (with a one-click unsubscribe, RFC 8058),
 * and that one click deleting the address so that the next article reaches it no more.
 * «Publishing» is what the deploy does (npm run newsletter:publish, docs/deploy.md).
 */
import { runJob } from '../scripts/stack/job-timer.ts';
import { publishArticles, type ArticleEntry } from '../scripts/publish-articles.ts';
import { isTo, type Mail } from '../tests/support/mail-api.ts';
import { CONFIRMATION_SUBJECT } from '../supabase/functions/_shared/newsletter/mails.ts';
import { zurichIsoDate } from '../supabase/functions/_shared/domain/dates.ts';
import { advisorName } from '../supabase/functions/_shared/domain/practice.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { mails, queryRows, uniqueEmail } from './support/backend.ts';
import { e2e } from './support/context.ts';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import { expectNotice, HUMAN_DELAY_MS } from './support/forms.ts';
import { waitForHydration } from './support/hydration.ts';

test.use({ viewport: VIEWPORTS.mobile });

const LUKAS_BRUNNER = advisorName('lukas-brunner');

function newArticle(label: string): ArticleEntry {
  const slug = `e2e-${label}-${Date.now().toString(36)}`;
  return { slug, title: `Neu: ${label} ${slug}`, excerpt: 'Ein Artikel, eben erschienen.', date: zurichIsoDate(), author: LUKAS_BRUNNER };
}

const publish = (articles: ArticleEntry[]) => publishArticles(articles, { url: e2e().apiUrl, secretKey: e2e().secretKey });
const runOutbox = () => runJob(e2e().apiUrl, e2e().secretKey, 'send-pending-mail', {});
const subscriberRows = (email: string) => queryRows<{ status: string }>('select status from public.newsletter_subscribers where email = $1', [email]);

/** The first link in a mail's text that leads to this page of the site, as a path with its fragment. */
function sitePathIn(mail: Mail, path: string): string {
  const link = mail.Text.match(/https?:\/\/\S+/g)?.map((url) => new URL(url)).find((url) => url.pathname === path);
  if (!link) throw new Error(`no link to ${path} in «${mail.Subject}»`);
  return `${link.pathname}${link.hash}`;
}

test('subscribe, confirm, receive a new article once, unsubscribe with one click', async ({ page }) => {
  const email = uniqueEmail('newsletter');

  // Subscribing: the box on /blog, as a person types – who takes longer than a bot: the page's
  // clock is moved on by that much (the form measures with it), nobody waits.
  await page.clock.install();
  await page.goto('/blog');
  await waitForHydration(page);
  const box = page.getByRole('region', { name: 'Newsletter' });
  await box.getByLabel('E-Mail-Adresse').fill(email);
  await page.clock.fastForward(HUMAN_DELAY_MS);
  await box.getByRole('button', { name: 'Abonnieren' }).click();
  await expectNotice(page, 'Fast geschafft', 'Falls diese Adresse noch nicht angemeldet ist');
  await expect(box.getByLabel('E-Mail-Adresse')).toHaveValue('');
  expect(await subscriberRows(email)).toEqual([{ status: 'pending' }]);

  // The confirmation mail; its link opens the confirm page, which changes nothing until pressed.
  const confirmation = await mails().waitFor((m) => isTo(m, email) && m.Subject === CONFIRMATION_SUBJECT, { timeoutMs: 20_000 });
  await page.goto(sitePathIn(confirmation, '/newsletter/bestaetigen'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Newsletter bestätigen');
  await expect.poll(() => new URL(page.url()).hash).toBe('');
  expect(await subscriberRows(email)).toEqual([{ status: 'pending' }]);
  await expectNoAxeViolations(page, '/newsletter/bestaetigen at 390 px');
  await page.getByRole('button', { name: 'Anmeldung bestätigen' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anmeldung bestätigt');
  // The pressed button is gone: the heading that names the outcome has the focus.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  expect(await subscriberRows(email)).toEqual([{ status: 'confirmed' }]);

  // A new article is published: the outbox sends the confirmed address one mail about it.
  const article = newArticle('erster');
  expect((await publish([article])).announced).toEqual([article.slug]);
  await runOutbox();
  const subject = `Neu im Blog: ${article.title}`;
  const announcement = await mails().waitFor((m) => isTo(m, email) && m.Subject === subject, { timeoutMs: 20_000 });
  expect(announcement.Text).toContain(article.excerpt);
  expect(announcement.Text).toContain(`/blog/${article.slug}`);
  await runOutbox();
  expect((await mails().all()).filter((m) => isTo(m, email) && m.Subject === subject)).toHaveLength(1);

  // The mail program's one-click unsubscribe: a POST to the header's address, no key, no page.
  const headers = await mails().client.getMessageHeaders(announcement.ID);
  expect(headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
  const oneClick = new URL(/^<([^>]+)>$/.exec(headers['List-Unsubscribe']?.[0] ?? '')![1]!);
  const answer = await fetch(`${e2e().apiUrl}${oneClick.pathname}${oneClick.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(answer.status).toBe(200);
  expect(await subscriberRows(email)).toEqual([]);

  // The visible link says so too; the next article reaches the address no more.
  await page.goto(sitePathIn(announcement, '/newsletter/abmelden'));
  await page.getByRole('button', { name: 'Newsletter abbestellen' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sie sind abgemeldet');
  const next = newArticle('zweiter');
  await publish([next]);
  await runOutbox();
  expect((await mails().all()).filter((m) => isTo(m, email) && m.Subject.startsWith('Neu im Blog'))).toHaveLength(1);
});

test('a confirmation link that is broken says so and offers the way back to the sign-up', async ({ page }) => {
  await page.goto('/newsletter/bestaetigen#v1.kaputt');
  await page.getByRole('button', { name: 'Anmeldung bestätigen' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Link nicht mehr gültig');
  await expectNoAxeViolations(page, '/newsletter/bestaetigen with a broken link at 390 px');
  await page.getByRole('link', { name: 'Zum Blog und zur Anmeldung' }).click();
  await expect(page).toHaveURL(/\/blog#newsletter$/);
});
