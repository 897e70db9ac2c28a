/**
 * Small seeded PRNG (mulberry32). Every "random" placement in the generated
 * media comes from here, so `npm run media` produces the same pictures each run.
 */
export type Rng = () => number;

export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function range(rng: Rng, min: number, max: number): number {
  return min + (max - min) * rng();
}

/** Rounds for compact SVG output (keeps files small and diffs stable). */
export function r1(n: number): number {
  return Math.round(n * 10) / 10;
}
