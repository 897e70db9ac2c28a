import { Hero } from '@/components/sections/hero';

export default function Page() {
  return <Hero title="kontakt-page" image="hero-home" />;
}
