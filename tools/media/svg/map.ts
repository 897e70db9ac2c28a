/**
 * A schematic, privacy-friendly location picture for the contact page: no third-party map,
 * no real street names. Roads, a forest, a park, a stream, the practice under a pin, the bus
 * stop (H) and the parking behind the building (P).
 */
import { palette as c } from '../lib/palette.ts';
import { createRng, r1, range } from '../lib/rng.ts';
import { svgDoc } from './common.ts';

const W = 800;
const H = 500;

function road(d: string, width: number): { casing: string; fill: string } {
  return {
    casing: `<path d="${d}" stroke="#ddd1bd" stroke-width="${width + 4}"/>`,
    fill: `<path d="${d}" stroke="#fff" stroke-width="${width}"/>`,
  };
}

function trees(seed: number, n: number, inside: (x: number, y: number) => boolean, box: [number, number, number, number]): string {
  const rng = createRng(seed);
  let out = '';
  let placed = 0;
  let guard = 0;
  while (placed < n && guard++ < n * 40) {
    const x = range(rng, box[0], box[2]);
    const y = range(rng, box[1], box[3]);
    if (!inside(x, y)) continue;
    const r = range(rng, 7, 13);
    out += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r)}"/>`;
    placed++;
  }
  return out;
}

export function mapStandort(): string {
  const forest = 'M0 0H330C320 40 280 70 230 84C170 100 120 130 70 170C40 194 16 200 0 204Z';
  const inForest = (x: number, y: number) => y < 190 - x * 0.55 && y > 8 && x > 8;
  const park = '<rect x="520" y="300" width="170" height="112" rx="18" fill="#d5e3d0"/>';
  const inPark = (x: number, y: number) => x > 535 && x < 675 && y > 315 && y < 398 && Math.hypot(x - 604, y - 356) > 34;
  const stream = 'M-10 446C120 420 220 470 340 450C460 430 560 392 690 404C740 408 780 398 810 388';

  const roads = [
    road('M-10 262C160 250 300 236 420 236C560 236 660 214 810 188', 22), // main road
    road('M344 -10C340 80 336 160 344 236C350 320 342 420 336 510', 14),
    road('M236 248C228 330 222 420 216 510', 12),
    road('M600 -10C604 70 612 150 620 226', 12),
    road('M344 336H520M620 226C640 280 700 300 810 300', 10),
    road('M120 254C126 300 140 340 170 372C200 404 216 420 216 440', 10),
  ];

  const blocks = [
    [258, 120, 66, 70], [258, 40, 66, 56], [440, 40, 130, 80], [440, 140, 140, 68],
    [650, 60, 120, 90], [252, 290, 70, 96], [440, 356, 60, 50], [120, 280, 80, 50],
    [30, 300, 70, 70], [640, 240, 140, 40], [464, 258, 40, 28],
  ]
    .map(([x, y, w, h]) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8"/>`)
    .join('');

  // The practice: the highlighted building just below the main road, with the pin above it.
  const practice = '<rect x="380" y="256" width="40" height="30" rx="6" fill="#a9c3b7" stroke="#3f6b5e" stroke-width="2.5"/>';
  const parking =
    `<rect x="388" y="294" width="24" height="24" rx="5" fill="${c.night}"/>` +
    '<path d="M396 313V300h5a4 4 0 0 1 0 8h-5" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>';
  const busStop =
    `<circle cx="296" cy="216" r="12" fill="${c.amber}" stroke="#fff" stroke-width="2.5"/>` +
    `<path d="M291 209v14M301 209v14M291 216h10" stroke="${c.sage}" stroke-width="2.6" stroke-linecap="round"/>`;
  const pin =
    '<ellipse cx="400" cy="262" rx="14" ry="5" fill="#0f2238" opacity=".2"/>' +
    `<path d="M400 262C394 246 372 228 372 204a28 28 0 0 1 56 0C428 228 406 246 400 262Z" fill="${c.night}" stroke="#fff" stroke-width="3"/>` +
    `<circle cx="400" cy="204" r="10" fill="${c.amber}"/>`;
  const north =
    `<g transform="translate(756 50)"><circle r="22" fill="#fff" fill-opacity=".85" stroke="#ddd1bd" stroke-width="2"/>` +
    `<path d="M0-16L6-1L0-4L-6-1Z" fill="${c.night}"/><path d="M-4.5 13V3l9 10V3" fill="none" stroke="${c.night}" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"/></g>`;

  const body =
    `<rect width="${W}" height="${H}" fill="#f3eee5"/>` +
    `<path d="${forest}" fill="#d3dfcf"/>` +
    `<g fill="#bdd0ba">${trees(5, 34, inForest, [0, 0, 330, 200])}</g>` +
    park +
    `<g fill="#c2d6bd">${trees(9, 10, inPark, [520, 300, 690, 412])}</g>` +
    '<path d="M560 356a44 26 0 1 0 88 0a44 26 0 1 0-88 0" fill="none" stroke="#efe8d9" stroke-width="5"/>' +
    `<path d="${stream}" fill="none" stroke="#bcd3df" stroke-width="18" stroke-linecap="round"/>` +
    `<path d="${stream}" fill="none" stroke="#cfe0e8" stroke-width="4" stroke-linecap="round"/>` +
    `<g fill="#e6dccb">${blocks}</g>` +
    `<g fill="none" stroke-linecap="round">${roads.map((r) => r.casing).join('')}${roads.map((r) => r.fill).join('')}</g>` +
    practice +
    parking +
    busStop +
    pin +
    north;
  return svgDoc(W, H, body, { label: 'Schematischer Lageplan: Praxis mit Parkplatz hinter dem Gebäude und Bushaltestelle in der Nähe' });
}
