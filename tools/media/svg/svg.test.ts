import { BUDGET } from '../lib/targets.ts';
import { stillHeroes } from '../scenes/heroes.ts';
import { crescentPath } from './common.ts';
import { appIcon, favicon } from './icons.ts';
import { illustrationKoerpervermessung, illustrationSchlafsystem } from './illustrations.ts';
import { mapStandort } from './map.ts';
import { portraitLukas, portraitNeutral, portraitSandra } from './portraits.ts';

const files: Array<[string, () => string, number]> = [
  ['team/sandra-huber.svg', portraitSandra, BUDGET.portrait],
  ['team/lukas-brunner.svg', portraitLukas, BUDGET.portrait],
  ['team/praxisorganisation.svg', portraitNeutral, BUDGET.portrait],
  ['illustration-koerpervermessung.svg', illustrationKoerpervermessung, BUDGET.illustration],
  ['illustration-schlafsystem.svg', illustrationSchlafsystem, BUDGET.illustration],
  ['standort-karte.svg', mapStandort, BUDGET.map],
  ['favicon.svg', favicon, 2048],
];

describe('generated SVG media', () => {
  it.each(files)('%s is well-formed, labelled, within budget and deterministic', (_name, make, budget) => {
    const svg = make();
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.documentElement.getAttribute('role')).toBe('img');
    expect(doc.documentElement.getAttribute('aria-label')).toBeTruthy();
    expect(new TextEncoder().encode(svg).length).toBeLessThan(budget);
    expect(make()).toBe(svg);
  });

  it('references only gradients, clip paths and filters it defines', () => {
    for (const make of [...files.map(([, m]) => m), ...Object.values(stillHeroes), () => appIcon(512)]) {
      const svg = make();
      const ids = new Set([...svg.matchAll(/id="([^"]+)"/g)].map((m) => m[1]));
      for (const [, ref] of svg.matchAll(/url\(#([^)]+)\)/g)) expect(ids).toContain(ref);
    }
  });

  it('hero scenes carry no text for the page to collide with', () => {
    for (const make of Object.values(stillHeroes)) expect(make()).not.toMatch(/<text/);
  });

  it('draws a closed crescent path', () => {
    expect(crescentPath(16, 16, 10, 5, -4, 8)).toMatch(/^M[\d. ]+A[\d. ]+A[\d. ]+Z$/);
  });
});
