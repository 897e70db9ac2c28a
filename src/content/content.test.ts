// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { blogArticles } from './article-index';
import { blogCategories, blogPage } from './blog';
import { privacyPage } from './privacy';
import { homePage } from './home';
import * as iconVocabulary from './icons';
import { legalNoticePage, legalEntity } from './legal-notice';
import { contactPage } from './contact';
import { practice } from './practice';
import { sleepCounsellingPage } from './sleep-counselling';
import { serviceCards } from './service-cards';
import { bookableServices } from './services';
import { isValidSwissUid, swissUidCheckDigit } from '@/test/swiss-uid';
import { advisors } from './team';
import { appointmentPage } from './appointment';
import { appointmentActionPage } from './appointment-action';
import { testimonials } from './testimonials';
import { aboutPage } from './about';
import { formatChf } from '@domain/catalog';
import { CANCELLED_SUMMARY, LOOKBACK_DAYS } from '@domain/calendar-feed';
import { NEWSLETTER_CONFIRM_INTERVAL_DAYS } from '@domain/newsletter';
import { newsletterLinkPages } from './newsletter';
import { SLEEP_DIARY_PAGE_PATH, SLEEP_DIARY_RETENTION_DAYS } from '@domain/sleep-diary';

// Pass the string, not `new URL(...)`: under jsdom the global URL is not Node's.
const contentDir = dirname(fileURLToPath(import.meta.url));
/** The product specification (docs/product.md): what the pages must say. */
const productSpec = readFileSync(`${contentDir}/../../docs/product.md`, 'utf8');
const allPages = { homePage, sleepCounsellingPage, aboutPage, blogPage, legalNoticePage, privacyPage, appointmentActionPage };

/** Every string value reachable from `value`, with its path, for whole-content checks. */
function strings(value: unknown, path = '$'): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    // An icon is a component (with a displayName), not copy.
    return Object.entries(value).flatMap(([k, v]) => (k === 'icon' ? [] : strings(v, `${path}.${k}`)));
  }
  return [];
}

/** Every `icon` value reachable from `value`. */
function iconsIn(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(iconsIn);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => (k === 'icon' ? [v] : iconsIn(v)));
  }
  return [];
}

describe('service cards', () => {
  it('are exactly the three services of the spec, in order', () => {
    expect(serviceCards.map((c) => c.title)).toEqual([
      'Schlafberatung',
      'Liegediagnostik',
      'Prävention & Begleitung',
    ]);
    expect(homePage.services.items).toBe(serviceCards);
    expect(sleepCounsellingPage.services.items).toBe(serviceCards);
  });

  it('quote prices from services.ts, not copies of them', () => {
    const text = Object.values(sleepCounsellingPage.services.highlights).flat().join(' ');
    for (const service of bookableServices) {
      if (service.priceChf !== null) expect(text).toContain(formatChf(service.priceChf));
    }
  });
});

describe('home page', () => {
  it('has the headline and calls to action of the spec', () => {
    // The headline is the one docs/product.md gives the home page's hero.
    expect(productSpec).toContain(`| \`/\` | hero "${homePage.hero.title}" `);
    expect(homePage.hero.primaryCta).toEqual({ label: 'Termin vereinbaren', to: '/termin-vereinbaren' });
    expect(homePage.hero.secondaryCta.to).toBe('/schlafberatung');
    expect(homePage.closingCta.primary.to).toBe('/termin-vereinbaren');
    expect(homePage.closingCta.secondary.to).toBe('/kontakt');
  });

  it('has six benefits', () => {
    expect(homePage.benefits.items).toHaveLength(6);
  });

  it('has three testimonials, all rated 5', () => {
    expect(testimonials).toHaveLength(3);
    for (const t of testimonials) expect(t.rating).toBe(5);
  });
});

describe('schlafberatung page', () => {
  it('has the process steps Analyse, Diagnose, Lösung', () => {
    expect(sleepCounsellingPage.process.steps.map((s) => s.title)).toEqual(['Analyse', 'Diagnose', 'Lösung']);
  });

  it('has 5–7 benefits and competences, two explainers and three consultation parts', () => {
    for (const list of [sleepCounsellingPage.benefits.items, sleepCounsellingPage.competences.items]) {
      expect(list.length).toBeGreaterThanOrEqual(5);
      expect(list.length).toBeLessThanOrEqual(7);
    }
    expect(sleepCounsellingPage.explainers.map((e) => e.image.src)).toEqual([
      '/media/illustration-koerpervermessung.svg',
      '/media/illustration-schlafsystem.svg',
    ]);
    // docs/product.md: «needs and anamnesis with body measurement, correct lying, prevention».
    expect(sleepCounsellingPage.consultation.items.map((i) => i.title)).toEqual([
      expect.stringMatching(/^Bedarfsabklärung .*Anamnese .*Körpervermessung$/),
      'Richtiges Liegen',
      'Richtige Prävention',
    ]);
    expect(sleepCounsellingPage.consultation.items[2].text).toContain('Netzwerkpartner');
    expect(sleepCounsellingPage.consultation.items[2].text).toContain('Einverständnis');
  });
});

describe('über uns page', () => {
  it('has two advisors, three values and three roles', () => {
    expect(aboutPage.advisors.map((a) => a.id)).toEqual(['sandra-huber', 'lukas-brunner']);
    expect(aboutPage.values.items).toHaveLength(3);
    expect(aboutPage.team.roles).toHaveLength(3);
    expect(aboutPage.qualifications.items.length).toBeGreaterThanOrEqual(5);
    expect(aboutPage.qualifications.items.length).toBeLessThanOrEqual(8);
  });
});

describe('blog', () => {
  it('lists the categories of the spec', () => {
    expect(blogCategories).toEqual(['Alle', 'Gesundheit', 'Beratung', 'Tipps', 'Technologie']);
  });

  it('has six articles, two featured, every category used, unique slugs', () => {
    expect(blogArticles).toHaveLength(6);
    expect(blogArticles.filter((a) => a.featured)).toHaveLength(2);
    expect(new Set(blogArticles.map((a) => a.category))).toEqual(
      new Set(blogCategories.filter((c) => c !== 'Alle')),
    );
    expect(new Set(blogArticles.map((a) => a.slug)).size).toBe(6);
  });

  it('dates every article with a real ISO date in 2025, written by an advisor', () => {
    const authors = advisors.map((a) => a.name);
    for (const article of blogArticles) {
      expect(article.date).toMatch(/^2025-\d{2}-\d{2}$/);
      expect(new Date(`${article.date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(article.date);
      expect(authors).toContain(article.author);
      expect(article.readMinutes).toBeGreaterThanOrEqual(3);
    }
  });

  it('keeps the spec\'s labels, and no longer says that anything is «noch nicht aktiv»', () => {
    expect(blogPage.readLabel).toBe('Lesen');
    expect(blogPage.newsletter.buttonLabel).toBe('Abonnieren');
    expect(JSON.stringify(blogPage)).not.toMatch(/noch nicht aktiv|in Kürze/);
  });

  it('tells a subscriber what the backend does: a late mail when many subscribe, one per mailbox in 30 days', () => {
    const notice = blogPage.newsletter.successNotice.description;
    expect(notice).toMatch(/^Falls diese Adresse noch nicht angemeldet ist/);
    expect(notice).toContain('bei grossem Andrang etwas später');
    expect(notice).toContain(`in den letzten ${NEWSLETTER_CONFIRM_INTERVAL_DAYS} Tagen`);
    expect(newsletterLinkPages.confirm.invalid.text).toContain(`erst ${NEWSLETTER_CONFIRM_INTERVAL_DAYS} Tage nach der letzten`);
    expect(JSON.stringify(privacyPage)).toContain(`höchstens eine Bestätigungs-E-Mail in ${NEWSLETTER_CONFIRM_INTERVAL_DAYS} Tagen`);
  });
});

describe('legal entity', () => {
  it('has a UID with a valid check digit and the matching VAT number', () => {
    expect(isValidSwissUid(legalEntity.uid)).toBe(true);
    expect(legalEntity.vatNumber).toBe(`${legalEntity.uid} MWST`);
    expect(legalEntity.registeredAddress.locality).toBe('Zürich');
  });
});

describe('isValidSwissUid', () => {
  it('accepts UIDs whose check digit matches', () => {
    expect(isValidSwissUid('CHE-109.322.551')).toBe(true);
    expect(isValidSwissUid('CHE-100.155.212')).toBe(true);
    expect(isValidSwissUid('CHE-318.472.653')).toBe(true);
    expect(isValidSwissUid('CHE318472653')).toBe(true);
  });

  it('maps a remainder of 0 to check digit 0', () => {
    // 2·5+7·4+3·3+6·2+4·7+8·6+1·5+9·4 = 176 = 16·11
    expect(swissUidCheckDigit('27364819')).toBe(0);
    expect(isValidSwissUid('CHE-273.648.190')).toBe(true);
  });

  it('rejects a wrong check digit, a malformed number and the VAT suffix', () => {
    expect(isValidSwissUid('CHE-109.322.552')).toBe(false);
    expect(isValidSwissUid('CHE-318.472.654')).toBe(false);
    expect(isValidSwissUid('CHE-318.472.65')).toBe(false);
    expect(isValidSwissUid('DE-318.472.653')).toBe(false);
    expect(isValidSwissUid('CHE-318.472.653 MWST')).toBe(false);
  });

  it('rejects numbers whose check digit would be 10', () => {
    // 1·4 = 4 → 11 − 4 = 7
    expect(swissUidCheckDigit('00000001')).toBe(7);
    // 3·4 = 12 ≡ 1 (mod 11) → 11 − 1 = 10: never issued
    expect(swissUidCheckDigit('00000003')).toBeNull();
    for (let d = 0; d <= 9; d += 1) expect(isValidSwissUid(`CHE-000.000.03${d}`)).toBe(false);
  });
});

describe('datenschutz', () => {
  it('is dated and covers the required topics', () => {
    expect(privacyPage.lastUpdated).toBe('2026-11-29');
    const text = strings(privacyPage).map(([, s]) => s).join('\n');
    for (const needle of [
      legalEntity.companyName,
      practice.email,
      'Supabase',
      'Frankfurt',
      'Resend',
      '12 Monate',
      'keine Cookies',
      'EDÖB',
      'besonders schützenswerte',
      'Auskunft',
      'Berichtigung',
      'Löschung',
      'Herausgabe',
      'Widerspruch',
    ]) {
      expect(text).toContain(needle);
    }
    expect(new Set(privacyPage.sections.map((s) => s.id)).size).toBe(privacyPage.sections.length);
  });

  it('has the sleep diary\'s paragraph: consent, who reads it, withdrawal, the 90 days', () => {
    const section = privacyPage.sections.find((s) => s.id === 'schlaftagebuch')!;
    const text = section.paragraphs.join('\n');
    for (const needle of ['Einwilligung', 'Gesundheitsdaten', 'Einwilligung widerrufen', `${SLEEP_DIARY_RETENTION_DAYS} Tage nach dem Termin`, SLEEP_DIARY_PAGE_PATH]) {
      expect(text).toContain(needle);
    }
  });

  it('says what the practice\'s calendar feeds hold: no name, message, phone, e-mail or diary; a cancellation only as «Abgesagt»', () => {
    const section = privacyPage.sections.find((s) => s.id === 'praxiskalender')!;
    const text = [...section.paragraphs, ...(section.list ?? []), ...(section.notes ?? [])].join('\n');
    for (const needle of ['Ihr Name', 'Nachricht', 'Telefonnummer', 'E-Mail-Adresse', 'Schlaftagebuch', `«${CANCELLED_SUMMARY}»`, `${LOOKBACK_DAYS} Tage`, 'Google', 'iCloud', 'HTTPS']) {
      expect(text).toContain(needle);
    }
  });
});

describe('all content', () => {
  const entries = strings(allPages);

  it('uses only icons of the vocabulary in icons.ts', () => {
    const icons = iconsIn({ ...allPages, contactPage, appointmentPage, serviceCards });
    expect(icons.length).toBeGreaterThan(0);
    const vocabulary = Object.values(iconVocabulary);
    for (const icon of icons) expect(vocabulary).toContain(icon);
  });

  it('has no empty strings and no placeholders', () => {
    for (const [path, value] of entries) {
      expect(value.trim(), path).not.toBe('');
      expect(value, path).not.toMatch(/\b(lorem|ipsum|todo|undefined|null|NaN)\b|\{\w+\}/i);
    }
  });

  it('only links to routes of the site', () => {
    const routes = ['/', '/schlafberatung', '/uber-uns', '/kontakt', '/termin-vereinbaren', '/blog', '/impressum'];
    for (const [path, value] of entries) if (path.endsWith('.to')) expect(routes, path).toContain(value);
  });

  it('uses Swiss spelling: no sharp s in any file of src/content', () => {
    const files = readdirSync(contentDir).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      expect(readFileSync(`${contentDir}/${file}`, 'utf8').includes('\u00DF'), file).toBe(false);
    }
  });
});

describe('«Meine Daten»: the erasure\'s result in German, not in «(n)» forms', () => {
  it('names one, several and none in their own words', async () => {
    const { myDataPage, erasureResultTexts: words } = await import('./my-data');
    const { requests, messages, sleepDiaries, mails } = words;
    expect(myDataPage.erase.doneText({ requests: 1, messages: 0, newsletter: 1, mails: 2, cancelled: 1, sleepDiaries: 1 })).toBe(
      `Gelöscht: 1 ${requests.one}, ${messages.none}, 1 ${sleepDiaries.one}, das Newsletter-Abonnement und 2 ${mails.many}. ${words.cancelledOne}`,
    );
    expect(myDataPage.erase.doneText({ requests: 2, messages: 1, newsletter: 0, mails: 0, cancelled: 2, sleepDiaries: 0 })).toBe(
      `Gelöscht: 2 ${requests.many}, 1 ${messages.one}, ${sleepDiaries.none}, kein Newsletter-Abonnement und ${mails.none}. ${words.cancelledMany(2)}`,
    );
    // Nothing cancelled: the result ends with the count.
    expect(myDataPage.erase.doneText({ requests: 0, messages: 2, newsletter: 0, mails: 1, cancelled: 0, sleepDiaries: 2 })).toBe(
      `Gelöscht: ${requests.none}, 2 ${messages.many}, 2 ${sleepDiaries.many}, kein Newsletter-Abonnement und 1 ${mails.one}.`,
    );
  });

  it('says what the erasure keeps, how long and why: the invoices, ten years, Art. 958f OR', async () => {
    const { myDataPage, erasureResultTexts } = await import('./my-data');
    expect(myDataPage.erase.keptText(0)).toBe(erasureResultTexts.keptNothing);
    for (const kept of [1, 2]) {
      const text = myDataPage.erase.keptText(kept);
      expect(text.startsWith(kept === 1 ? 'Aufbewahrt: Ihre Rechnung.' : 'Aufbewahrt: Ihre 2 Rechnungen.')).toBe(true);
      for (const part of ['10 Jahre nach Ende ihres Jahres', 'Gesetz', '(Art. 958f OR)', '«Meine Daten»', 'PDF']) expect(text).toContain(part);
    }
    expect(myDataPage.erase.confirmText).toContain('Schlaftagebuch');
  });
});
