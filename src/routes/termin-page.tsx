import { Hero } from '@/components/sections/hero';

export default function Page() {
  return <Hero title="termin-page" image="hero-home" />;
}
