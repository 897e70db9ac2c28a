/**
 * Still hero scenes, 1600x900 SVG rendered by Chromium. They share the home loop's
 * night palette, star field and breathing waves, and every one keeps its left half dark
 * and quiet because the page sets white headings there.
 */
import { palette as c } from '../lib/palette.ts';
import { createRng, r1, range } from '../lib/rng.ts';
import { glow, glowDef, linear, smoothLine, stars, svgDoc, waveBand, type Stop } from '../svg/common.ts';

const W = 1600;
const H = 900;

const NIGHT_SKY: Stop[] = [
  [0, '#09172a'],
  [0.5, '#0e2137'],
  [1, '#15304e'],
];

function scene(body: string, defs = '', sky: Stop[] = NIGHT_SKY): string {
  const baseDefs =
    linear('sky', sky) +
    linear('shade', [[0, '#060e1a', 0.6], [0.42, '#060e1a', 0.22], [0.68, '#060e1a', 0]], { x2: 1, y2: 0 }) +
    glowDef('halo', c.amberSoft, 0.25);
  return svgDoc(W, H, `<defs>${baseDefs}${defs}</defs><rect width="${W}" height="${H}" fill="url(#sky)"/>${body}<rect width="${W}" height="${H}" fill="url(#shade)"/>`);
}

/** Rounded "vertebra" rectangle rotated to the curve's tangent. */
function vertebra(x: number, y: number, w: number, h: number, angle: number, fill: string): string {
  return `<rect x="${r1(-w / 2)}" y="${r1(-h / 2)}" width="${r1(w)}" height="${r1(h)}" rx="${r1(Math.min(w, h) / 2.6)}" fill="${fill}" transform="translate(${r1(x)} ${r1(y)}) rotate(${r1(angle)})"/>`;
}

export function heroSchlafberatung(): string {
  const defs =
    glowDef('warm', c.amber, 0.16) +
    glowDef('cool', '#2b5784', 0.3) +
    linear('vert', [[0, '#fdf0d2'], [1, '#ecc985']]) +
    linear('top', [[0, '#2c5079'], [1, '#213f62']]) +
    linear('core', [[0, '#1b395b'], [1, '#152f4d']]) +
    linear('pillow', [[0, '#34597f'], [1, '#203f63']]) +
    glowDef('shadow', '#03080f', 0.7) +
    '<clipPath id="mat"><rect x="560" y="648" width="1160" height="150" rx="26"/></clipPath>' +
    '<filter id="soft" x="-10%" y="-200%" width="120%" height="500%"><feGaussianBlur stdDeviation="12"/></filter>';

  // Spine: a gentle S along the mattress, sacrum left, neck towards the pillow.
  const x0 = 700;
  const x1 = 1262;
  const n = 24;
  const spineY = (s: number) => 596 + 7 * Math.sin(2 * Math.PI * (s * 1.1 + 0.05));
  const pts: Array<[number, number]> = [];
  for (let i = 0; i <= 40; i++) {
    const s = i / 40;
    pts.push([x0 + (x1 - x0) * s, spineY(s)]);
  }
  const spacing = (x1 - x0) / n;
  let verts = '';
  for (let i = 0; i < n; i++) {
    const s = (i + 0.5) / n;
    const x = x0 + (x1 - x0) * s;
    const y = spineY(s);
    const dy = spineY(s + 0.001) - y;
    const angle = (Math.atan2(dy, (x1 - x0) * 0.001) * 180) / Math.PI;
    // lumbar vertebrae are the largest, cervical the smallest
    const size = 1 - 0.38 * s;
    verts += vertebra(x, y, spacing * (0.62 + 0.12 * size), 24 * size, angle, 'url(#vert)');
  }
  const spine = smoothLine(pts);

  const layers =
    `<rect x="560" y="648" width="1160" height="150" rx="26" fill="url(#core)"/>` +
    `<g clip-path="url(#mat)"><rect x="560" y="648" width="1160" height="46" fill="url(#top)"/><rect x="560" y="752" width="1160" height="50" fill="#11263f"/></g>` +
    [760, 880, 1010, 1130, 1260, 1390].map((x) => `<path d="M${x} 704V742" stroke="#2b4d73" stroke-width="2" stroke-linecap="round" opacity=".6"/>`).join('') +
    `<path d="M586 648.8H1600" stroke="${c.amberSoft}" stroke-opacity=".22" stroke-width="2"/>`;

  const body =
    glow('cool', 1150, 520, 640, 340) +
    stars({ count: 70, x: [300, 1590], y: [20, 480], seed: 11, leftCalm: 0.9 }, 'halo') +
    glow('warm', 1000, 590, 560, 220) +
    glow('shadow', 1120, 806, 660, 40) +
    layers +
    // pillow
    `<path d="M1262 642C1250 606 1290 588 1380 586C1470 584 1528 596 1532 622C1536 646 1500 650 1400 650C1320 650 1270 654 1262 642Z" fill="url(#pillow)"/>` +
    `<path d="M1290 600C1340 590 1450 588 1512 602" fill="none" stroke="${c.amberSoft}" stroke-opacity=".25" stroke-width="2" stroke-linecap="round"/>` +
    // ideal alignment line and the glowing spine
    `<path d="M650 596H1310" stroke="${c.sageLight}" stroke-opacity=".4" stroke-width="1.5" stroke-dasharray="2 9" stroke-linecap="round"/>` +
    `<path d="${spine}" fill="none" stroke="${c.amber}" stroke-opacity=".45" stroke-width="26" stroke-linecap="round" filter="url(#soft)"/>` +
    `<path d="${spine}" fill="none" stroke="${c.amberSoft}" stroke-opacity=".3" stroke-width="2.5"/>` +
    verts;
  return scene(body, defs);
}

export function heroUberUns(): string {
  const sky: Stop[] = [
    [0, '#09172a'],
    [0.55, '#11273f'],
    [1, '#1f3a58'],
  ];
  const defs =
    glowDef('amberGlow', c.amber, 0.26) +
    glowDef('sageGlow', c.sageLight, 0.22) +
    glowDef('floor', c.amber, 0.16) +
    glowDef('coreA', '#fff1d2', 0.9) +
    glowDef('coreB', '#eef4ef', 0.85) +
    linear('bodyA', [[0, c.amber, 0.42], [0.75, c.amber, 0.06]]) +
    linear('bodyB', [[0, c.sageLight, 0.4], [0.75, c.sageLight, 0.05]]) +
    '<filter id="b1" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="7"/></filter>' +
    '<filter id="b2" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="16"/></filter>';
  // Two soft presences leaning gently towards each other: light, not figures.
  const person = (x: number, y: number, r: number, lean: number, core: string, halo: string, bodyFill: string, tint: string) =>
    glow(halo, x, y + 60, r * 4.6, r * 4.2) +
    `<g transform="rotate(${lean} ${x} ${y + r * 3})">` +
    `<path d="M${x - r * 2.4} ${y + r * 5}C${x - r * 2.3} ${y + r * 2.4} ${x - r * 1.2} ${y + r * 1.7} ${x} ${y + r * 1.7}C${x + r * 1.2} ${y + r * 1.7} ${x + r * 2.3} ${y + r * 2.4} ${x + r * 2.4} ${y + r * 5}Z" fill="url(#${bodyFill})" filter="url(#b2)"/>` +
    `<ellipse cx="${x}" cy="${y}" rx="${r * 0.86}" ry="${r * 0.98}" fill="${tint}" opacity=".5" filter="url(#b1)"/>` +
    glow(core, x, y, r * 1.1, r * 1.2) +
    '</g>';
  const body =
    glow('floor', 1180, 900, 820, 380) +
    stars({ count: 45, x: [350, 1590], y: [20, 330], seed: 23, leftCalm: 0.95 }, 'halo') +
    person(1095, 392, 54, 4, 'coreA', 'amberGlow', 'bodyA', '#f3d497') +
    person(1282, 414, 50, -4, 'coreB', 'sageGlow', 'bodyB', '#cfe0d6') +
    glow('floor', 1190, 640, 420, 120) +
    waveBand(700, 16, 1700, 0.2, '#0f233a', { crest: c.amberSoft, crestOpacity: 0.16 }) +
    waveBand(790, 12, 1300, 0.6, '#0a1829', { crest: c.amberSoft, crestOpacity: 0.06 });
  return scene(body, defs, sky);
}

export function heroKontakt(): string {
  const sky: Stop[] = [
    [0, '#09172a'],
    [0.5, '#12294a'],
    [0.72, '#243d5c'],
    [1, '#243d5c'],
  ];
  const defs =
    glowDef('dusk', c.amber, 0.2) +
    glowDef('lamp', c.amber, 0.7) +
    glowDef('window', c.amber, 0.5) +
    linear('path', [[0, c.amberSoft, 0.26], [0.35, c.sand, 0.1], [1, c.sand, 0.04]]);
  const hill = (pts: Array<[number, number]>, fill: string) => `<path d="${smoothLine(pts)}L1600 900L0 900Z" fill="${fill}"/>`;
  const back: Array<[number, number]> = [[0, 640], [300, 610], [650, 628], [1000, 590], [1350, 560], [1600, 585]];
  const mid: Array<[number, number]> = [[0, 720], [400, 700], [800, 690], [1100, 650], [1300, 618], [1450, 622], [1600, 640]];
  const front: Array<[number, number]> = [[0, 820], [500, 800], [900, 812], [1300, 790], [1600, 770]];
  // A path winding from the foreground up to the lit house, narrowing with distance.
  const centre: Array<[number, number, number]> = [
    // x, y, half-width
    [990, 960, 120],
    [1075, 842, 76],
    [1070, 776, 46],
    [1120, 718, 26],
    [1200, 672, 13],
    [1296, 638, 3],
  ];
  const left: Array<[number, number]> = [];
  const right: Array<[number, number]> = [];
  centre.forEach(([x, y, w], i) => {
    const [ax, ay] = centre[Math.max(0, i - 1)]!;
    const [bx, by] = centre[Math.min(centre.length - 1, i + 1)]!;
    const len = Math.hypot(bx - ax, by - ay) || 1;
    const ox = -(by - ay) / len;
    // Ground-plane width seen at a low angle: depth is foreshortened.
    const oy = ((bx - ax) / len) * 0.4;
    left.push([x + ox * w, y + oy * w]);
    right.push([x - ox * w, y - oy * w]);
  });
  const pathShape = `${smoothLine(left)}L${smoothLine(right.reverse()).slice(1)}Z`;
  const house =
    `<path d="M1290 636V604L1318 584L1346 604V636Z" fill="#0a1829"/>` +
    `<rect x="1322" y="608" width="11" height="13" rx="1.5" fill="#f3d08e"/>` +
    glow('window', 1327, 614, 70);
  const lantern =
    `<path d="M1212 668V630" stroke="#0a1829" stroke-width="3" stroke-linecap="round"/>` +
    glow('lamp', 1212, 626, 46) +
    `<circle cx="1212" cy="626" r="4.5" fill="#fff0cf"/>`;
  const body =
    stars({ count: 60, x: [350, 1590], y: [20, 470], seed: 37, leftCalm: 0.9 }, 'halo') +
    `<circle cx="1395" cy="150" r="2.6" fill="#fff3da"/>` +
    glow('halo', 1395, 150, 26) +
    glow('dusk', 1250, 610, 760, 230) +
    hill(back, '#172f4c') +
    hill(mid, '#10233a') +
    house +
    hill(front, '#0c1c2f') +
    `<path d="${pathShape}" fill="url(#path)"/>` +
    lantern;
  return scene(body, defs, sky);
}

/** Lit part of the moon for phase p (0 new, 0.5 full, 1 new), as a path. */
function moonPhase(cx: number, cy: number, R: number, p: number): string {
  const top = `${cx} ${cy - R}`;
  const bottom = `${cx} ${cy + R}`;
  if (Math.abs(p - 0.5) < 1e-6) return `<circle cx="${cx}" cy="${cy}" r="${R}" fill="url(#lit)"/>`;
  const rx = r1(Math.abs(Math.cos(2 * Math.PI * p)) * R);
  const waxing = p < 0.5;
  const crescent = p < 0.25 || p > 0.75;
  const outer = waxing ? 1 : 0;
  const inner = waxing ? (crescent ? 0 : 1) : crescent ? 1 : 0;
  return `<path d="M${top}A${R} ${R} 0 0 ${outer} ${bottom}A${rx} ${R} 0 0 ${inner} ${top}Z" fill="url(#lit)"/>`;
}

export function heroTermin(): string {
  const defs =
    glowDef('full', c.amber, 0.32) +
    glowDef('cool', '#2b5784', 0.28) +
    linear('lit', [[0, '#fbecc9'], [1, c.amber]], { x2: 1, y2: 1 });
  const phases = [0.12, 0.25, 0.38, 0.5, 0.62, 0.75, 0.88];
  const x0 = 880;
  const gap = 100;
  const y = 300;
  let moons = '';
  phases.forEach((p, i) => {
    const x = x0 + i * gap;
    const R = p === 0.5 ? 30 : 24;
    moons += `<circle cx="${x}" cy="${y}" r="${R}" fill="#1e3a5f" opacity=".55"/>`;
    moons += `<g opacity="${p === 0.5 ? 1 : 0.72}">${moonPhase(x, y, R, p)}</g>`;
  });
  // A quiet calendar grid under the moons, one day marked.
  let grid = '';
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 7; col++) {
      const gx = x0 + col * gap;
      const gy = 420 + row * 62;
      const marked = row === 1 && col === 3;
      grid += marked
        ? `<rect x="${gx - 19}" y="${gy - 17}" width="38" height="34" rx="9" fill="none" stroke="${c.amber}" stroke-opacity=".75" stroke-width="2"/><circle cx="${gx}" cy="${gy}" r="4" fill="${c.amber}"/>`
        : `<rect x="${gx - 16}" y="${gy - 14}" width="32" height="28" rx="8" fill="#dbe6f3" fill-opacity="${row === 3 && col > 3 ? 0.025 : 0.055}"/>`;
    }
  }
  const body =
    glow('cool', 1180, 420, 620, 380) +
    stars({ count: 55, x: [350, 1590], y: [20, 250], seed: 51, leftCalm: 0.95 }, 'halo') +
    glow('full', 1180, 300, 210) +
    `<path d="M830 362H1530" stroke="#dbe6f3" stroke-opacity=".12" stroke-width="1.5"/>` +
    moons +
    grid +
    waveBand(760, 18, 1500, 0.15, '#132a46', { crest: c.amberSoft, crestOpacity: 0.12 }) +
    waveBand(820, 14, 1150, 0.55, '#0c1d31', { crest: c.amberSoft, crestOpacity: 0.08 });
  return scene(body, defs);
}

export function heroBlog(): string {
  const defs =
    glowDef('warm', c.amber, 0.32) +
    glowDef('cool', '#2b5784', 0.26) +
    glowDef('shadow', '#03080f', 0.6) +
    linear('pageL', [[0, '#5d6371'], [0.65, '#b3a284'], [0.93, '#8d8374'], [1, '#545a66']], { x2: 1, y2: 0 }) +
    linear('pageR', [[0, '#545a66'], [0.07, '#8d8374'], [0.35, '#b3a284'], [1, '#5d6371']], { x2: 1, y2: 0 });
  const cx = 1160;
  const top = 610;
  // One open page, mirrored for the other side (s = -1 left, +1 right).
  const page = (side: -1 | 1, dy: number, fill: string) => {
    const o = (v: number) => r1(cx + side * v);
    return `<path d="M${cx} ${top + dy}C${o(80)} ${top - 28 + dy} ${o(190)} ${top - 24 + dy} ${o(268)} ${top - 6 + dy}C${o(272)} ${top + 30 + dy} ${o(272)} ${top + 70 + dy} ${o(266)} ${top + 104 + dy}C${o(190)} ${top + 88 + dy} ${o(80)} ${top + 88 + dy} ${cx} ${top + 114 + dy}Z" fill="${fill}"/>`;
  };
  const book =
    page(-1, 10, '#0c1d31') +
    page(1, 10, '#0c1d31') +
    page(-1, 5, '#3a4250') +
    page(1, 5, '#3a4250') +
    page(-1, 0, 'url(#pageL)') +
    page(1, 0, 'url(#pageR)') +
    `<path d="M${cx} ${top + 2}V${top + 112}" stroke="#0f2238" stroke-opacity=".35" stroke-width="3"/>`;
  // Suggested lines of text (bars, never letters).
  let lines = '';
  for (let i = 0; i < 5; i++) {
    const yy = top + 14 + i * 16;
    for (const side of [-1, 1] as const) {
      // Lines start at the page's left margin; the paragraph's last line is short.
      const full = 202;
      const len = i === 4 ? 120 : full;
      const x0 = side === 1 ? cx + 34 : cx - 34 - full;
      const x1 = x0 + len;
      const sag = (x: number) => r1(yy - 6 + (Math.abs(x - cx) < 60 ? 12 : 0));
      lines += `<path d="M${x0} ${yy + (side === 1 ? 6 : 2)}C${r1(x0 + len * 0.3)} ${sag(x0 + len * 0.3)} ${r1(x0 + len * 0.7)} ${sag(x0 + len * 0.7)} ${x1} ${yy + (side === 1 && i !== 4 ? 2 : side === -1 && i !== 4 ? 6 : 0)}" fill="none" stroke="#1e2a3a" stroke-opacity=".28" stroke-width="4" stroke-linecap="round"/>`;
    }
  }
  // Stars rising from the open book.
  const rng = createRng(67);
  let rising = '';
  for (let i = 0; i < 46; i++) {
    const t = rng();
    const y = top - 24 - t * 430;
    const spread = 40 + t * 300;
    const x = cx + range(rng, -spread, spread) + Math.sin(t * 5) * 40;
    const r = range(rng, 0.8, 2.2) * (1 - t * 0.4);
    rising += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r)}" fill="#f8e7c0" fill-opacity="${r1((0.85 - t * 0.5) * 100) / 100}"/>`;
  }
  const sparkle = (x: number, y: number, sz: number, o: number) =>
    `<path d="M${x} ${y - sz}Q${x} ${y} ${x + sz} ${y}Q${x} ${y} ${x} ${y + sz}Q${x} ${y} ${x - sz} ${y}Q${x} ${y} ${x} ${y - sz}Z" fill="#fbecc9" opacity="${o}"/>`;
  const body =
    glow('cool', 1150, 440, 640, 360) +
    stars({ count: 50, x: [350, 1590], y: [20, 420], seed: 71, leftCalm: 0.95 }, 'halo') +
    glow('warm', cx, top - 30, 440, 320) +
    rising +
    sparkle(cx - 120, 330, 14, 0.8) +
    sparkle(cx + 150, 250, 10, 0.6) +
    sparkle(cx + 20, 190, 8, 0.5) +
    waveBand(780, 14, 1600, 0.3, '#10243d', { crest: c.amberSoft, crestOpacity: 0.1 }) +
    glow('shadow', cx, top + 128, 330, 22) +
    book +
    lines +
    waveBand(840, 10, 1200, 0.7, '#0b1a2c');
  return scene(body, defs);
}

export function heroRechtliches(): string {
  const defs = glowDef('cool', '#2b5784', 0.26) + glowDef('warm', c.amber, 0.1);
  const body =
    glow('cool', 1200, 380, 720, 420) +
    glow('warm', 1320, 200, 340) +
    stars({ count: 26, x: [500, 1590], y: [20, 560], seed: 83, leftCalm: 1 }, 'halo') +
    waveBand(800, 14, 1700, 0.25, '#112740', { crest: c.amberSoft, crestOpacity: 0.07 }) +
    waveBand(850, 10, 1250, 0.65, '#0c1d31');
  return scene(body, defs);
}

export const stillHeroes = {
  schlafberatung: heroSchlafberatung,
  'uber-uns': heroUberUns,
  kontakt: heroKontakt,
  termin: heroTermin,
  blog: heroBlog,
  rechtliches: heroRechtliches,
} as const;

