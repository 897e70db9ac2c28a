import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { practice } from '@/content/practice';
import { aboutPage } from '@/content/about';
import { renderRoute } from '@/test/render-route';
import { advisorName } from '@domain/practice';

const SANDRA_HUBER = advisorName('sandra-huber');
const LUKAS_BRUNNER = advisorName('lukas-brunner');

const region = (name: string) => screen.getByRole('region', { name });
const headingsIn = (element: HTMLElement, level: number) =>
  within(element).getAllByRole('heading', { level }).map((heading) => heading.textContent);

describe('/uber-uns', () => {
  it('opens with its title', async () => {
    await renderRoute('/uber-uns');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Über uns');
  });

  it('states the mission', async () => {
    await renderRoute('/uber-uns');
    const mission = region('Unsere Mission');
    for (const paragraph of aboutPage.mission.paragraphs) expect(mission).toHaveTextContent(paragraph);
  });

  it('gives the practice address with phone and a map link', async () => {
    await renderRoute('/uber-uns');
    const location = region('Unsere Praxis');
    expect(location).toHaveTextContent(aboutPage.location.text);
    expect(location).toHaveTextContent('Birmensdorferstrasse 42');
    expect(location).toHaveTextContent('8142 Uitikon ZH');
    expect(within(location).getByRole('link', { name: practice.phone.display })).toHaveAttribute('href', 'tel:+41445552780');
    expect(within(location).getByRole('link', { name: 'Auf der Karte anzeigen' })).toHaveAttribute('href', practice.mapUrl);
  });

  it('introduces the two advisors with portrait, role, bio and focus areas', async () => {
    await renderRoute('/uber-uns');
    const section = region(aboutPage.advisorsTitle);
    expect(headingsIn(section, 3)).toEqual([SANDRA_HUBER, LUKAS_BRUNNER]);
    for (const advisor of aboutPage.advisors) {
      const profile = document.getElementById(advisor.id)!;
      expect(section).toContainElement(profile);
      const portrait = within(profile).getByRole('img', { name: advisor.image.alt });
      expect(portrait).toHaveAttribute('width', '480');
      expect(portrait).toHaveAttribute('height', '480');
      expect(portrait).toHaveAttribute('loading', 'lazy');
      expect(profile).toHaveTextContent(advisor.role);
      expect(profile).toHaveTextContent(advisor.bio);
      for (const focus of advisor.focus) expect(within(profile).getByText(focus)).toBeInTheDocument();
    }
  });

  it('names three values', async () => {
    await renderRoute('/uber-uns');
    expect(headingsIn(region('Unsere Werte'), 3)).toEqual(['Genauigkeit', 'Ehrlichkeit', 'Menschlichkeit']);
  });

  it('shows the team as three role cards', async () => {
    await renderRoute('/uber-uns');
    const team = region('Unser Team');
    expect(headingsIn(team, 3)).toEqual(aboutPage.team.roles.map((role) => role.title));
    expect(team).toHaveTextContent(SANDRA_HUBER);
    expect(team).toHaveTextContent(LUKAS_BRUNNER);
  });

  it('lists the qualifications', async () => {
    await renderRoute('/uber-uns');
    const items = within(region('Unsere Qualifikationen')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(aboutPage.qualifications.items);
  });

  it('closes with an invitation to book or to get in touch', async () => {
    await renderRoute('/uber-uns');
    const cta = region(aboutPage.closingCta.title);
    expect(within(cta).getByRole('link', { name: 'Termin vereinbaren' })).toHaveAttribute('href', '/termin-vereinbaren');
    expect(within(cta).getByRole('link', { name: 'Kontakt aufnehmen' })).toHaveAttribute('href', '/kontakt');
  });
});
