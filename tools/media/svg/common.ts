import { createRng, r1, range, type Rng } from '../lib/rng.ts';

/** Minimal SVG document wrapper; no XML prolog, no whitespace: every byte counts for the small SVGs. */
export function svgDoc(width: number, height: number, body: string, opts: { label?: string; viewBox?: string } = {}): string {
  const aria = opts.label ? ` role="img" aria-label="${opts.label}"` : ' aria-hidden="true"';
  const vb = opts.viewBox ?? `0 0 ${width} ${height}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${vb}"${aria}>${body}</svg>`;
}

export type Stop = [offset: number, color: string, opacity?: number];

function stops(list: Stop[]): string {
  return list.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined || a === 1 ? '' : ` stop-opacity="${a}"`}/>`).join('');
}

export function linear(id: string, list: Stop[], dir: { x1?: number; y1?: number; x2?: number; y2?: number } = {}): string {
  const { x1 = 0, y1 = 0, x2 = 0, y2 = 1 } = dir;
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`;
}

export function radial(id: string, list: Stop[], at: { cx?: number; cy?: number; r?: number } = {}): string {
  const { cx = 0.5, cy = 0.5, r = 0.5 } = at;
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops(list)}</radialGradient>`;
}

/** A soft light: a radial gradient fading to nothing, so no blur filter is needed. */
export function glowDef(id: string, color: string, opacity: number): string {
  return radial(id, [
    [0, color, opacity],
    [0.4, color, r1(opacity * 0.45 * 100) / 100],
    [1, color, 0],
  ]);
}

export function glow(id: string, cx: number, cy: number, rx: number, ry = rx): string {
  return `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" fill="url(#${id})"/>`;
}

/**
 * The crescent: disc (cx, cy, R) minus disc (cx+ox, cy+oy, r), as one path (no mask), so it
 * stays crisp at favicon size.
 */
export function crescentPath(cx: number, cy: number, R: number, ox: number, oy: number, r: number): string {
  const d = Math.hypot(ox, oy);
  const ux = ox / d;
  const uy = oy / d;
  const a = (R * R - r * r + d * d) / (2 * d);
  const h = Math.sqrt(Math.max(0, R * R - a * a));
  const px = cx + a * ux;
  const py = cy + a * uy;
  const i1 = [r1(px - h * uy), r1(py + h * ux)];
  const i2 = [r1(px + h * uy), r1(py - h * ux)];
  const bigInner = d - a < 0 ? 1 : 0;
  return `M${i1[0]} ${i1[1]}A${r1(R)} ${r1(R)} 0 1 1 ${i2[0]} ${i2[1]}A${r1(r)} ${r1(r)} 0 ${bigInner} 0 ${i1[0]} ${i1[1]}Z`;
}

export interface StarOpts {
  count: number;
  x: [number, number];
  y: [number, number];
  /** 0..1: how much sparser the stars are on the left (headline side) */
  leftCalm?: number;
  seed: number;
  maxR?: number;
}

/** Seeded star field; faint warm and cool points, a few with a soft halo. */
export function stars(o: StarOpts, haloId?: string): string {
  const rng: Rng = createRng(o.seed);
  const out: string[] = [];
  const halos: string[] = [];
  let guard = 0;
  while (out.length < o.count && guard++ < o.count * 50) {
    const x = range(rng, o.x[0], o.x[1]);
    // Denser towards the top of the band, like a real night sky above a horizon glow.
    const y = o.y[0] + (o.y[1] - o.y[0]) * rng() * (0.6 + 0.4 * rng());
    const calm = o.leftCalm ?? 0.8;
    const keep = 1 - calm * Math.max(0, 1 - x / 900);
    if (rng() > keep) continue;
    const big = rng() < 0.1;
    const r = big ? range(rng, 1.5, o.maxR ?? 2.2) : range(rng, 0.6, 1.2);
    const a = range(rng, 0.35, 0.85) * (x < 700 ? 0.6 : 1);
    const fill = rng() < 0.3 ? '#f6e6c4' : '#e4ecf7';
    out.push(`<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r)}" fill="${fill}" fill-opacity="${r1(a * 100) / 100}"/>`);
    if (big && haloId) halos.push(`<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r * 7)}" fill="url(#${haloId})" opacity="${r1(a * 100) / 100}"/>`);
  }
  return halos.join('') + out.join('');
}

/** Smooth closed band under a polyline, using quadratic midpoints (Chaikin-ish smoothing). */
export function smoothLine(points: Array<[number, number]>): string {
  if (points.length < 2) return '';
  const p = points.map(([x, y]) => [r1(x), r1(y)] as const);
  let d = `M${p[0]![0]} ${p[0]![1]}`;
  for (let i = 1; i < p.length - 1; i++) {
    const [x, y] = p[i]!;
    const [nx, ny] = p[i + 1]!;
    d += `Q${x} ${y} ${r1((x + nx) / 2)} ${r1((y + ny) / 2)}`;
  }
  const last = p[p.length - 1]!;
  d += `L${last[0]} ${last[1]}`;
  return d;
}

/** A static version of the home loop's breathing waves (sum of two sines). */
export function wavePoints(base: number, amp: number, len: number, phase: number, width = 1600, step = 50): Array<[number, number]> {
  const pts: Array<[number, number]> = [];
  for (let x = 0; x <= width; x += step) {
    const y = base + amp * Math.sin(2 * Math.PI * (x / len + phase)) + amp * 0.35 * Math.sin(2 * Math.PI * (x / (len * 0.53) + phase * 3));
    pts.push([x, y]);
  }
  return pts;
}

export function waveBand(base: number, amp: number, len: number, phase: number, fill: string, opts: { crest?: string; crestOpacity?: number; height?: number } = {}): string {
  const pts = wavePoints(base, amp, len, phase);
  const line = smoothLine(pts);
  const h = opts.height ?? 900;
  const band = `<path d="${line}L1600 ${h}L0 ${h}Z" fill="${fill}"/>`;
  const crest = opts.crest ? `<path d="${line}" fill="none" stroke="${opts.crest}" stroke-opacity="${opts.crestOpacity ?? 0.12}" stroke-width="1.6"/>` : '';
  return band + crest;
}
