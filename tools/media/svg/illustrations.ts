/**
 * Explanatory illustrations for light backgrounds (640x480): body measurement and the
 * sleep system. Shapes only, no text, so they work in any language.
 */
import { palette as c } from '../lib/palette.ts';
import { linear, svgDoc } from './common.ts';

const BODY = '#2b4b70';

/** Dimension line with end ticks: the visual language of "we measure this". */
function dimension(x1: number, y1: number, x2: number, y2: number, color: string): string {
  const vertical = x1 === x2;
  const tick = (x: number, y: number) => (vertical ? `M${x - 7} ${y}H${x + 7}` : `M${x} ${y - 7}V${y + 7}`);
  return `<path d="M${x1} ${y1}L${x2} ${y2}" stroke="${color}" stroke-width="2" stroke-dasharray="5 5"/><path d="${tick(x1, y1)}${tick(x2, y2)}" stroke="${color}" stroke-width="2.5" stroke-linecap="round"/>`;
}

export function illustrationKoerpervermessung(): string {
  const cx = 300;
  // A figure seen from behind, built from soft round strokes.
  const figure =
    `<g stroke="${BODY}" stroke-linecap="round" stroke-linejoin="round" fill="none">` +
    // legs
    `<path d="M${cx - 24} 270L${cx - 30} 436M${cx + 24} 270L${cx + 30} 436" stroke-width="38"/>` +
    // arms, hanging slightly away from the body
    `<path d="M${cx - 70} 140C${cx - 86} 190 ${cx - 92} 236 ${cx - 96} 284M${cx + 70} 140C${cx + 86} 190 ${cx + 92} 236 ${cx + 96} 284" stroke-width="22"/>` +
    '</g>' +
    // torso: broad shoulders, waist, hips
    `<path d="M${cx - 74} 128C${cx - 40} 116 ${cx + 40} 116 ${cx + 74} 128C${cx + 86} 134 ${cx + 80} 170 ${cx + 66} 206C${cx + 58} 228 ${cx + 58} 244 ${cx + 64} 262C${cx + 70} 282 ${cx + 56} 300 ${cx + 40} 300H${cx - 40}C${cx - 56} 300 ${cx - 70} 282 ${cx - 64} 262C${cx - 58} 244 ${cx - 58} 228 ${cx - 66} 206C${cx - 80} 170 ${cx - 86} 134 ${cx - 74} 128Z" fill="${BODY}"/>` +
    `<path d="M${cx - 12} 96H${cx + 12}V124H${cx - 12}Z" fill="${BODY}"/>` +
    `<circle cx="${cx}" cy="72" r="32" fill="${BODY}"/>`;
  // The spine as a column of small vertebrae, from the neck to the sacrum.
  let spine = '';
  for (let i = 0; i < 17; i++) {
    const y = 108 + i * 10;
    const w = 7 + i * 0.35;
    spine += `<rect x="${(cx - w / 2).toFixed(1)}" y="${y}" width="${w.toFixed(1)}" height="7" rx="3" fill="${c.amber}"/>`;
  }
  const markers = [
    [cx - 74, 128], [cx + 74, 128], [cx - 62, 262], [cx + 62, 262],
  ].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="6" fill="${c.cream}" stroke="${c.sage}" stroke-width="2.5"/>`).join('');
  // Measuring rod on the right with ticks, connected to shoulder and hip levels.
  let rod = `<rect x="470" y="36" width="22" height="404" rx="6" fill="${c.cream}" stroke="#cdbfa8" stroke-width="2"/>`;
  let ticks = '';
  for (let y = 50; y <= 430; y += 20) ticks += `M470 ${y}h${(y - 50) % 100 === 0 ? 12 : 7}`;
  rod += `<path d="${ticks}" stroke="#a8987e" stroke-width="2"/>`;
  const body =
    `<defs>${linear('floor', [[0, c.sand], [1, c.sand, 0]], { x2: 1, y2: 0 })}</defs>` +
    `<ellipse cx="320" cy="250" rx="290" ry="210" fill="${c.sand}"/>` +
    `<ellipse cx="${cx}" cy="440" rx="110" ry="10" fill="#d9ccb7"/>` +
    figure +
    spine +
    `<path d="M${cx - 74} 128H${cx + 74}M${cx - 62} 262H${cx + 62}" stroke="${c.cream}" stroke-width="2" stroke-dasharray="4 5" opacity=".8"/>` +
    `<path d="M${cx + 82} 128H466M${cx + 70} 262H466" stroke="${c.amber}" stroke-width="2" stroke-dasharray="2 6" stroke-linecap="round"/>` +
    `<circle cx="466" cy="128" r="5" fill="${c.amber}"/><circle cx="466" cy="262" r="5" fill="${c.amber}"/>` +
    dimension(140, 40, 140, 436, c.sage) +
    `<path d="M140 40H${cx - 20}" stroke="#cdbfa8" stroke-width="1.5" stroke-dasharray="2 6"/>` +
    rod +
    markers;
  return svgDoc(640, 480, body, { label: 'Illustration: Körpervermessung entlang Wirbelsäule, Schultern und Becken' });
}

export function illustrationSchlafsystem(): string {
  // Mattress surface: dips under shoulder and hip, so the spine stays straight.
  const top = 300;
  const surface = `M64 ${top}H190C220 ${top} 232 ${top + 20} 262 ${top + 20}C292 ${top + 20} 300 ${top} 330 ${top}H368C392 ${top} 404 ${top + 15} 428 ${top + 15}C452 ${top + 15} 462 ${top} 486 ${top}H596`;
  const mattress =
    `<path d="${surface}V396H64Z" fill="${c.cream}" stroke="#d6c9b3" stroke-width="2" stroke-linejoin="round"/>` +
    // core zones (softer under shoulder and hip, firmer under the waist)
    `<path d="M72 336H196V388H72Z" fill="#c9dad2"/><path d="M200 346H326V388H200Z" fill="#b4cbc1"/>` +
    `<path d="M330 336H370V388H330Z" fill="#7fa294"/><path d="M374 344H484V388H374Z" fill="#9dbaae"/>` +
    `<path d="M488 336H588V388H488Z" fill="#c9dad2"/>` +
    `<path d="M64 396H596V414H64Z" fill="${c.sandDeep}"/>`;
  let slats = '';
  for (let x = 74; x < 590; x += 34) slats += `<rect x="${x}" y="420" width="26" height="9" rx="4.5" fill="#cdbb9c"/>`;
  const frame = `<path d="M60 430H600" stroke="#b9a688" stroke-width="6" stroke-linecap="round"/><path d="M84 432V456M576 432V456" stroke="#b9a688" stroke-width="8" stroke-linecap="round"/>`;
  const pillow = `<path d="M70 296C64 268 76 254 110 252C150 250 186 254 194 270C200 290 190 302 150 304C110 306 74 310 70 296Z" fill="#fdfbf7" stroke="#d6c9b3" stroke-width="2"/>`;
  // Side-lying figure seen from behind: head on the pillow, shoulder and hip sunk into their
  // softer zones, the waist carried, so the spine runs straight.
  const figure =
    `<g fill="none" stroke-linecap="round"><path d="M446 282C496 284 520 290 566 288" stroke="${BODY}" stroke-width="36"/>` +
    `<path d="M440 246C490 248 522 258 562 264" stroke="#3a5d85" stroke-width="30"/></g>` +
    `<path d="M150 232H182V268H150Z" fill="${BODY}"/>` +
    `<path d="M172 232C186 196 214 184 248 186C290 188 318 206 346 208C374 210 398 200 428 202C458 204 472 228 470 252C470 280 458 ${top + 14} 428 ${top + 14}C396 ${top + 14} 384 ${top} 360 ${top}H330C300 ${top} 292 ${top + 19} 262 ${top + 19}C226 ${top + 19} 204 306 190 290L172 268Z" fill="${BODY}"/>` +
    `<path d="M238 208C290 214 332 228 384 242" fill="none" stroke="#3a5d85" stroke-width="20" stroke-linecap="round"/>` +
    `<circle cx="126" cy="238" r="31" fill="${BODY}"/>`;
  // The straight spine line from the head through the pelvis, with vertebrae dots.
  let dots = '';
  for (let x = 176; x <= 440; x += 12) dots += `<circle cx="${x}" cy="250" r="3.2" fill="${c.amber}"/>`;
  const spine =
    `<path d="M92 250H500" stroke="${c.amber}" stroke-width="2" stroke-dasharray="6 6" stroke-linecap="round"/>` +
    dots +
    `<circle cx="540" cy="168" r="24" fill="${c.sage}"/><path d="M529 169l8 8 14-16" fill="none" stroke="${c.cream}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>`;
  const body =
    `<ellipse cx="330" cy="270" rx="300" ry="200" fill="${c.sand}"/>` +
    frame +
    slats +
    mattress +
    pillow +
    figure +
    spine;
  return svgDoc(640, 480, body, { label: 'Illustration: Schlafsystem im Querschnitt mit gerader Wirbelsäule in Seitenlage' });
}
