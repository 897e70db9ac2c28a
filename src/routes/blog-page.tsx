import { Hero } from '@/components/sections/hero';

export default function Page() {
  return <Hero title="blog-page" image="hero-home" />;
}
