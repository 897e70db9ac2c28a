/**
 * Abstract head-and-shoulders portraits (480x480). Soft shapes only: no eyes, no mouth, no
 * cartoon face. They stand in until the practice has real photos (see import-photo.ts).
 */
import { palette as c } from '../lib/palette.ts';
import { glowDef, linear, radial, svgDoc } from './common.ts';

const SKIN = linear('skin', [[0, '#f0d5b8'], [1, '#d8ae8a']], { x1: 0.2, y1: 0, x2: 0.9, y2: 1 });
const NECK_FILL = linear('neck', [[0, '#b88d6b'], [0.45, '#d3a882'], [1, '#dcb48f']]);
const HEAD = '<ellipse cx="240" cy="204" rx="63" ry="78" fill="url(#skin)"/>';
// The neck is darker at the top: the head's shadow, so no chin line has to be drawn.
const NECK = '<path d="M211 240V322Q240 340 269 322V240Z" fill="url(#neck)"/>';
const SHOULDERS = 'M18 480C22 414 56 376 118 360C158 350 186 344 204 332Q240 350 276 332C294 344 322 350 362 360C424 376 458 414 462 480Z';
const TORSO = (fill: string) => `<path d="${SHOULDERS}" fill="${fill}"/>`;

function background(glowColor: string, id: string): string {
  return (
    `<defs>${radial('bg', [[0, c.cream], [1, c.sand]], { cx: 0.35, cy: 0.3, r: 0.85 })}${glowDef(id, glowColor, 0.55)}${SKIN}${NECK_FILL}` +
    `${linear('cloth', [[0, '#4d7c6e'], [1, c.sage]])}${linear('cloth2', [[0, '#28496f'], [1, c.night2]])}</defs>` +
    `<rect width="480" height="480" fill="url(#bg)"/><circle cx="240" cy="220" r="190" fill="url(#${id})"/>`
  );
}

export function portraitSandra(): string {
  const hairBack =
    '<path d="M240 104C302 104 336 150 336 214C336 262 338 300 350 328C328 344 296 342 280 328L272 262H208L200 328C184 342 152 344 130 328C142 300 144 262 144 214C144 150 178 104 240 104Z" fill="#6b4634"/>';
  // Side-parted fringe, sweeping lower on the right.
  const fringe =
    '<path d="M174 196C170 144 200 116 240 116C290 116 318 152 310 224C300 186 280 160 246 150C226 146 216 144 210 136C198 154 186 172 174 196Z" fill="#7d5440"/>' +
    '<path d="M224 128C256 128 286 146 298 176" fill="none" stroke="#9a6c52" stroke-width="4" stroke-linecap="round" opacity=".5"/>';
  // Cream top under a sage cardigan.
  const clothes =
    TORSO('url(#cloth)') +
    '<path d="M206 338Q240 354 274 338L258 480H222Z" fill="#efe4d2"/>' +
    '<path d="M209 338L240 394L271 338Q240 352 209 338Z" fill="#dcb48f"/>' +
    '<path d="M200 334L230 480H210L182 344ZM280 334L250 480H270L298 344Z" fill="#355d52"/>';
  return svgDoc(480, 480, background(c.amber, 'g') + hairBack + NECK + clothes + HEAD + fringe, {
    label: 'Illustriertes Porträt von Sandra Huber',
  });
}

export function portraitLukas(): string {
  const ears = '<ellipse cx="177" cy="212" rx="9" ry="16" fill="#d9b08c"/><ellipse cx="303" cy="212" rx="9" ry="16" fill="#d9b08c"/>';
  const hair =
    '<path d="M176 200C168 140 200 112 244 112C290 112 316 142 306 200C300 176 292 160 276 152C248 142 212 148 192 164C182 174 178 186 176 200Z" fill="#4a3a30"/>' +
    '<path d="M214 132C236 124 262 124 282 134" fill="none" stroke="#6e5646" stroke-width="4" stroke-linecap="round" opacity=".45"/>';
  // Night-blue knit with an open shirt collar.
  const clothes =
    TORSO('url(#cloth2)') +
    '<path d="M210 334L240 372L270 334Q240 348 210 334Z" fill="#dcb48f"/>' +
    '<path d="M206 328L240 372L224 394L192 346ZM274 328L240 372L256 394L288 346Z" fill="#f1ebe1"/>';
  return svgDoc(480, 480, background(c.sageLight, 'g') + ears + NECK + clothes + HEAD + hair, {
    label: 'Illustriertes Porträt von Lukas Brunner',
  });
}

/** Role card: a neutral silhouette in one warm tone, with the practice's crescent. */
export function portraitNeutral(): string {
  const defs =
    `<defs>${radial('bg', [[0, c.night], [1, c.nightDeep]], { cx: 0.4, cy: 0.3, r: 0.9 })}${glowDef('g', c.amber, 0.35)}` +
    '</defs>';
  // One continuous silhouette in a single tone: head, neck and shoulders.
  const figure =
    `<g fill="#ecdfc6"><ellipse cx="240" cy="200" rx="64" ry="78"/><path d="M211 240V300C211 322 200 334 180 344H300C280 334 269 322 269 300V240Z"/><path d="${SHOULDERS}"/></g>`;
  const moon = '<path d="M372 70a34 34 0 1 0 28 53a28 28 0 1 1-28-53z" fill="#e8c27a"/>';
  return svgDoc(
    480,
    480,
    `${defs}<rect width="480" height="480" fill="url(#bg)"/><circle cx="240" cy="230" r="200" fill="url(#g)"/>${figure}${moon}`,
    { label: 'Illustration: Praxisorganisation' },
  );
}
