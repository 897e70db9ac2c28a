import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSupabaseClient, httpError, invoke, resetSupabaseMock } from '@/test/supabase-mock';
import { resetFormProofMock, TEST_PROOF } from '@/test/form-proof-mock';
import { renderRoute } from '@/test/render-route';
import { emailSuggestionTexts } from '@/content/email-suggestion';
import { blogPage } from '@/content/blog';
import { advisorName } from '@domain/practice';

const SANDRA_HUBER = advisorName('sandra-huber');
const LUKAS_BRUNNER = advisorName('lukas-brunner');

vi.mock('@/lib/supabase-client', () => import('@/test/supabase-mock'));
vi.mock('@/components/forms/form-proof', () => import('@/test/form-proof-mock'));

const main = () => screen.getByRole('main');

/** The article cards of a section, found by the section's heading. */
function cardsIn(sectionName: string) {
  const section = within(main()).getByRole('region', { name: sectionName });
  return within(section).getAllByRole('article');
}

const allCards = () => within(main()).queryAllByRole('article');
const cardCategory = (card: HTMLElement) => within(card).getByText(/^(Gesundheit|Beratung|Tipps|Technologie)$/).textContent;

function expectCompleteCard(card: HTMLElement) {
  const inCard = within(card);
  const title = inCard.getByRole('heading', { level: 3 }).textContent ?? '';
  expect(title.length).toBeGreaterThan(10);
  expect(cardCategory(card)).toBeTruthy();
  const date = card.querySelector('time')!;
  expect(date.textContent).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
  // The visible de-CH date and the machine-readable one name the same day.
  const [day, month, year] = date.textContent!.split('.');
  expect(date).toHaveAttribute('datetime', `${year}-${month}-${day}`);
  expect(card).toHaveTextContent(/Lesezeit: \d+ Min\./);
  expect(inCard.getByText(/^von/)).toHaveTextContent(new RegExp(`^von (${SANDRA_HUBER}|${LUKAS_BRUNNER})$`));
  expect(card.querySelector('h3 + p')?.textContent?.length).toBeGreaterThan(60);
  const read = inCard.getByRole('link', { name: `Lesen: ${title}` });
  expect(read).toHaveTextContent(/^Lesen/);
  expect(read.getAttribute('href')).toMatch(/^\/blog\/[a-z0-9-]+$/);
}

describe('/blog', () => {
  beforeEach(() => {
    resetSupabaseMock();
    resetFormProofMock();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the hero and the five category chips in order, as links to the filtered lists', async () => {
    await renderRoute('/blog');
    expect(screen.getByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
    const chips = within(screen.getByRole('navigation', { name: 'Kategorien' })).getAllByRole('link');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Alle', 'Gesundheit', 'Beratung', 'Tipps', 'Technologie']);
    expect(chips.map((chip) => chip.getAttribute('href'))).toEqual([
      '/blog#kategorien',
      '/blog/kategorie/gesundheit#kategorien',
      '/blog/kategorie/beratung#kategorien',
      '/blog/kategorie/tipps#kategorien',
      '/blog/kategorie/technologie#kategorien',
    ]);
    expect(chips[0]).toHaveAttribute('aria-current', 'page');
    expect(chips.slice(1).every((chip) => !chip.hasAttribute('aria-current'))).toBe(true);
  });

  it('shows the two featured articles and the four others, each card complete', async () => {
    await renderRoute('/blog');
    const featured = cardsIn('Empfohlene Artikel');
    const others = cardsIn('Alle Artikel');
    expect(featured).toHaveLength(2);
    expect(others).toHaveLength(4);
    for (const card of [...featured, ...others]) expectCompleteCard(card);
    expect(within(featured[0]!).getByRole('heading', { level: 3 })).toHaveTextContent(
      'Nacken verspannt nach dem Aufwachen? Was dahinterstecken kann',
    );
    expect(featured[0]).toHaveTextContent('18.11.2025');
    expect(featured[0]).toHaveTextContent(`von ${SANDRA_HUBER}`);
    const titles = [...featured, ...others].map((card) => within(card).getByRole('heading', { level: 3 }).textContent);
    expect(new Set(titles).size).toBe(6);
    expect(main()).not.toHaveTextContent(/in Kürze|noch nicht aktiv/);
  });

  it('filters the list by the chip pressed, says which one is chosen, and puts the choice in the address', async () => {
    const { location, user } = await renderRoute('/blog');
    await user.click(screen.getByRole('link', { name: 'Tipps' }));
    await waitFor(() => expect(location).toEqual({ pathname: '/blog/kategorie/tipps', hash: '#kategorien' }));
    await waitFor(() => expect(allCards()).toHaveLength(2));
    expect(allCards().map(cardCategory)).toEqual(['Tipps', 'Tipps']);
    expect(screen.getByRole('link', { name: 'Tipps' })).toHaveAttribute('aria-current', 'page');
    // No featured article is a tip: that section is left out rather than shown empty.
    expect(within(main()).queryByRole('region', { name: 'Empfohlene Artikel' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Gesundheit' }));
    await waitFor(() => expect(location.pathname).toBe('/blog/kategorie/gesundheit'));
    await waitFor(() => expect(cardsIn('Empfohlene Artikel')).toHaveLength(2));
    expect(allCards().map(cardCategory)).toEqual(['Gesundheit', 'Gesundheit']);

    await user.click(screen.getByRole('link', { name: 'Alle' }));
    await waitFor(() => expect(allCards()).toHaveLength(6));
    expect(location.pathname).toBe('/blog');
  });

  it('shows the filtered list when its address is opened directly', async () => {
    await renderRoute('/blog/kategorie/technologie');
    expect(allCards().map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Liege-Monitoring: Was Sensoren über Ihre Nächte verraten',
    ]);
  });

  it('opens the article from «Lesen»', async () => {
    const { location, user } = await renderRoute('/blog');
    await user.click(screen.getByRole('link', { name: 'Lesen: Welches Kissen passt zu meiner Schlafposition?' }));
    await waitFor(() => expect(location.pathname).toBe('/blog/kissen-schlafposition'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welches Kissen passt zu meiner Schlafposition?' })).toBeInTheDocument();
  });

  describe('newsletter', () => {
    const section = () => screen.getByRole('region', { name: 'Newsletter' });
    const input = () => within(section()).getByLabelText('E-Mail-Adresse');
    const button = () => within(section()).getByRole('button', { name: /Abonnieren|Wird gesendet/ });

    it('sends the address with the form proof and the bot signals, and asks the visitor to confirm by e-mail', async () => {
      const { location, user } = await renderRoute('/blog');
      expect(input()).toHaveAttribute('type', 'email');
      expect(input()).toHaveAttribute('placeholder', 'ihre.email@beispiel.ch');
      expect(input()).toHaveAccessibleDescription(/Bestätigungslink.*Datenschutzerklärung/);
      await user.type(input(), 'anna@example.ch');
      await user.click(button());
      await waitFor(() => expect(invoke).toHaveBeenCalledTimes(1));
      const [name, options] = invoke.mock.calls[0]!;
      expect(name).toBe('newsletter');
      expect(options.body).toEqual({ action: 'subscribe', email: 'anna@example.ch', language: 'de', website: '', elapsedMs: expect.any(Number), altcha: TEST_PROOF });
      expect(await screen.findByText('Fast geschafft')).toBeInTheDocument();
      expect(input()).toHaveValue('');
      expect(location).toEqual({ pathname: '/blog', hash: '' });
    });

    it('refuses an address the function would refuse, at the field, without sending', async () => {
      const { user } = await renderRoute('/blog');
      await user.type(input(), 'anna@localhost');
      await user.click(button());
      expect((input() as HTMLInputElement).validationMessage).not.toBe('');
      expect(invoke).not.toHaveBeenCalled();
    });

    it('offers the address meant for a likely typo, under the button; taking it puts it into the field', async () => {
      const { user } = await renderRoute('/blog');
      const question = emailSuggestionTexts.question('beat@bluewin.ch');
      await user.type(input(), 'beat@bluewin.con');
      // Tab leads to «Abonnieren»: the prompt comes after it and moves nothing the visitor is about to press.
      await user.tab();
      expect(button()).toHaveFocus();
      const region = within(section()).getByText(question).closest('[aria-live="polite"]')!;
      expect(region).toHaveTextContent(question);
      // Described by the prompt and, as before, by the privacy note.
      expect(input()).toHaveAccessibleDescription(expect.stringMatching(/^Meinten Sie beat@bluewin\.ch\? Übernehmen Sie erhalten zuerst/));
      await user.tab();
      const take = within(section()).getByRole('button', { name: emailSuggestionTexts.take });
      expect(take).toHaveFocus();
      await user.keyboard(' ');
      expect(input()).toHaveValue('beat@bluewin.ch');
      expect(input()).toHaveFocus();
      expect(region).toBeEmptyDOMElement();
      expect(input()).toHaveAccessibleDescription(/^Sie erhalten zuerst/);
      expect(invoke).not.toHaveBeenCalled();
    });

    it('keeps the address and shows the failure notice when the function fails', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      invoke.mockResolvedValue({ data: null, error: httpError(502) });
      const { user } = await renderRoute('/blog');
      await user.type(input(), 'anna@example.ch');
      await user.click(button());
      expect(await screen.findByText(/Fehler beim Senden/)).toBeInTheDocument();
      expect(input()).toHaveValue('anna@example.ch');
      expect(getSupabaseClient).toHaveBeenCalled();
    });
  });

  it('ends with a call to action to book an appointment', async () => {
    await renderRoute('/blog');
    const cta = screen.getByRole('region', { name: blogPage.closingCta.title });
    expect(within(cta).getByRole('link', { name: 'Termin vereinbaren' })).toHaveAttribute('href', '/termin-vereinbaren');
  });
});

describe('an article page', () => {
  it('shows the article: category, title, author, date, reading time, its text with sections, and the call to book', async () => {
    const { location, user } = await renderRoute('/blog/nackenverspannung-am-morgen');
    const article = screen.getByRole('article', { name: 'Nacken verspannt nach dem Aufwachen? Was dahinterstecken kann' });
    expect(article).toHaveTextContent(`von ${SANDRA_HUBER}`);
    expect(article).toHaveTextContent('Dienstag, 18. November 2025');
    expect(article).toHaveTextContent(/Lesezeit: \d+ Min\./);
    expect(within(article).getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(3);
    expect(within(article).getByRole('heading', { level: 2, name: 'Quellen' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: blogPage.closingCta.title })).getByRole('link', { name: 'Termin vereinbaren' })).toBeInTheDocument();
    await user.click(within(article).getByRole('link', { name: 'Gesundheit' }));
    await waitFor(() => expect(location.pathname).toBe('/blog/kategorie/gesundheit'));
  });
});
