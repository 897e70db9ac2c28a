import { Hero } from '@/components/sections/hero';

export default function Page() {
  return <Hero title="impressum-page" image="hero-home" />;
}
