import { Hero } from '@/components/sections/hero';

export default function Page() {
  return <Hero title="datenschutz-page" image="hero-home" />;
}
