import { Hero } from '@/components/sections/hero';

export default function Page() {
  return <Hero title="uber-uns-page" image="hero-home" />;
}
