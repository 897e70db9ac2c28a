import { useCopy } from '@/content/copy';
import { Container } from '@/components/ui/section';
import { uiTextCopy } from '@/content/ui-text';

/**
 * Shown instead of a blank page when rendering fails anywhere. It uses a plain <a> so
 * the way home is a full page load, which also recovers from a broken client state.
 */
export function ErrorPage() {
  const { uiText } = useCopy(uiTextCopy);
  return (
    <Container className="py-24 text-center">
      <h1 lang="en" className="text-3xl sm:text-4xl">
        {uiText.errorPage.title}
      </h1>
      <p className="mx-auto mt-4 max-w-prose text-lg text-ink-muted">
        {uiText.errorPage.text}
      </p>
      <a
        href="/"
        className="mt-8 inline-flex min-h-11 items-center rounded-full bg-night-700 px-6 py-3 font-semibold text-white hover:bg-night-800"
      >
        {uiText.errorPage.homeLink}
      </a>
    </Container>
  );
}
