import { Hero } from '@/components/sections/hero';

export default function Page() {
  return <Hero title="schlafberatung-page" image="hero-home" />;
}
