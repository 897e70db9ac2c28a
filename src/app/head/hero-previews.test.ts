// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { heroPreviews } from '@/app/head/hero-previews';
import { pageRoutes } from '@/app/router/route-table';
import { BUDGET, HERO_PREVIEW } from '../../../tools/media/lib/targets.ts';

const heroes = [...new Set(pageRoutes.flatMap((route) => (route.heroImage ? [route.heroImage] : [])))];

describe('the heroes’ inline previews', () => {
  it.each(heroes)('%s has a preview: a WebP of 32 × 18 px inside its budget', (hero) => {
    const url = heroPreviews[hero];
    expect(url).toMatch(/^data:image\/webp;base64,/);
    const bytes = Buffer.from(url!.slice(url!.indexOf(',') + 1), 'base64');
    expect(bytes.length).toBeLessThanOrEqual(BUDGET.heroPreview);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 16).toString('latin1')).toBe('WEBPVP8 ');
    // A lossy VP8 frame: its size follows the start code (9d 01 2a), 14 bits each.
    expect(bytes.subarray(23, 26)).toEqual(Buffer.from([0x9d, 0x01, 0x2a]));
    expect([bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff]).toEqual([HERO_PREVIEW.width, HERO_PREVIEW.height]);
  });
});
