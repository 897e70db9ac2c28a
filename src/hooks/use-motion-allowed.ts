import { useEffect, useState } from 'react';

interface NetworkInformationLike {
  saveData?: boolean;
}

/**
 * Whether decorative motion (the hero video) may play: false while prerendering and on
 * the first client render (so hydration matches the static HTML), then false for
 * visitors who ask for reduced motion or for data saving, true otherwise.
 */
export function useMotionAllowed(): boolean {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
    const update = () => setAllowed(!query.matches && !connection?.saveData);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return allowed;
}
