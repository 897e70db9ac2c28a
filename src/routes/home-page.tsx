import { Hero } from '@/components/sections/hero';

export default function Page() {
  return <Hero title="home-page" image="hero-home" />;
}
