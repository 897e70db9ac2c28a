import { useCopy } from '@/content/copy';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { PageLink, useLanguage } from '@/lib/page-links';
import { pagePath } from '@/lib/site-pages';
import { Container } from '@/components/ui/section';
import { uiTextCopy } from '@/content/ui-text';

export default function NotFoundPage() {
  const { uiText } = useCopy(uiTextCopy);
  const { pathname } = useLocation();
  const language = useLanguage();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return (
    <Container className="py-24 text-center">
      <h1 className="text-6xl font-bold sm:text-7xl">404</h1>
      <p lang="en" className="mt-4 text-xl text-ink-muted">
        {uiText.notFound.text}
      </p>
      <p className="mx-auto mt-4 max-w-prose text-ink-muted">{uiText.notFound.explanation}</p>
      <PageLink
        to={pagePath('home', language)}
        className="mt-8 inline-flex min-h-11 items-center rounded-full bg-night-700 px-6 py-3 font-semibold text-white hover:bg-night-800"
      >
        {uiText.notFound.homeLink}
      </PageLink>
    </Container>
  );
}
