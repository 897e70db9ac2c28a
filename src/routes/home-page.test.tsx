import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { homePage } from '@/content/home';
import { testimonials } from '@/content/testimonials';
import { renderRoute } from '@/test/render-route';

const region = (name: string) => screen.getByRole('region', { name });
const headingsIn = (element: HTMLElement, level: number) =>
  within(element).getAllByRole('heading', { level }).map((heading) => heading.textContent);

describe('home page', () => {
  it('greets with the headline and offers to book or to read about the counselling', async () => {
    await renderRoute('/');
    const hero = region(homePage.hero.title);
    expect(within(hero).getByRole('heading', { level: 1 })).toHaveTextContent(homePage.hero.title);
    expect(within(hero).getByRole('link', { name: 'Termin vereinbaren' })).toHaveAttribute('href', '/termin-vereinbaren');
    expect(within(hero).getByRole('link', { name: 'Mehr zur Schlafberatung' })).toHaveAttribute('href', '/schlafberatung');
  });

  it('introduces the practice', async () => {
    await renderRoute('/');
    const intro = region(homePage.intro.title);
    expect(intro).toHaveTextContent(homePage.intro.eyebrow);
    expect(intro).toHaveTextContent(homePage.intro.text);
  });

  it('shows the three service cards, each linking to its part of /schlafberatung with its own link text', async () => {
    await renderRoute('/');
    const services = region('Unsere Leistungen');
    expect(headingsIn(services, 3)).toEqual(['Schlafberatung', 'Liegediagnostik', 'Prävention & Begleitung']);
    const links = within(services).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Mehr erfahren über Schlafberatung', '/schlafberatung#schlafberatung'],
      ['Mehr erfahren über Liegediagnostik', '/schlafberatung#liegediagnostik'],
      ['Mehr erfahren über Prävention & Begleitung', '/schlafberatung#praevention-begleitung'],
    ]);
    for (const card of homePage.services.items) expect(services).toHaveTextContent(card.description);
  });

  it('leads from a service card to the matching card on /schlafberatung', async () => {
    const { user, location } = await renderRoute('/');
    await user.click(screen.getByRole('link', { name: 'Mehr erfahren über Liegediagnostik' }));
    await waitFor(() => expect(location.pathname).toBe('/schlafberatung'));
    expect(location.hash).toBe('#liegediagnostik');
    await screen.findByRole('heading', { level: 1, name: 'Schlafberatung' });
    const target = document.getElementById('liegediagnostik');
    expect(target).not.toBeNull();
    expect(within(target!).getByRole('heading', { level: 3 })).toHaveTextContent('Liegediagnostik');
  });

  it('lists six benefits', async () => {
    await renderRoute('/');
    const benefits = region('Warum Ruhepol?');
    expect(within(benefits).getAllByRole('listitem')).toHaveLength(6);
    expect(headingsIn(benefits, 3)).toEqual(homePage.benefits.items.map((item) => item.title));
  });

  it('quotes three clients, each with a five-star rating a screen reader can announce', async () => {
    await renderRoute('/');
    const section = region(homePage.testimonials.title);
    const figures = within(section).getAllByRole('figure');
    expect(figures).toHaveLength(3);
    figures.forEach((figure, index) => {
      const testimonial = testimonials[index]!;
      expect(within(figure).getByRole('img', { name: '5 von 5 Sternen' })).toBeInTheDocument();
      expect(figure.querySelector('blockquote')).toHaveTextContent(testimonial.text);
      expect(figure.querySelector('figcaption')).toHaveTextContent(testimonial.name);
    });
  });

  it('closes with an invitation to book or to get in touch', async () => {
    await renderRoute('/');
    const cta = region(homePage.closingCta.title);
    expect(within(cta).getByRole('link', { name: 'Termin vereinbaren' })).toHaveAttribute('href', '/termin-vereinbaren');
    expect(within(cta).getByRole('link', { name: 'Kontakt aufnehmen' })).toHaveAttribute('href', '/kontakt');
  });

  it('has one main heading and a heading for every section, in order', async () => {
    await renderRoute('/');
    const main = screen.getByRole('main');
    expect(within(main).getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const section of main.querySelectorAll('section')) {
      expect(section).toHaveAccessibleName();
    }
  });
});
