import { cn } from '@/lib/cn';
import { languageNames, languages, languageTags } from '@/lib/language';
import { useLanguage, usePagePath } from '@/lib/page-links';
import { pairedPath } from '@/lib/route-table';
import { useCopy } from '@/content/copy';
import { uiTextCopy } from '@/content/ui-text';

/**
 * The header's language switch: each language named in its own language (flags would name
 * countries), the open one marked, the other leading to the same page in it. A plain link:
 * the other language's page arrives as its own prerendered document, with its own
 * `<html lang>` and <head>. `compact`: from the header's inline navigation up to a laptop's
 * width, only the link to the other language.
 */
export function LanguageSwitch({ className, compact = false }: { className?: string; compact?: boolean }) {
  const pathname = usePagePath();
  const current = useLanguage();
  const { uiText } = useCopy(uiTextCopy);
  return (
    <nav aria-label={uiText.header.languageSwitch} className={className}>
      <ul className="flex items-center gap-1 text-sm">
        {languages.map((language) => (
          <li key={language}>
            {language === current ? (
              // Where the header is narrow (a tablet's width), only the other language is shown: the open one is the page's own.
              <span aria-current="true" lang={languageTags[language]} className={cn('block rounded-md px-2 py-2 font-semibold text-night-800', compact && 'max-lg:hidden')}>
                {languageNames[language]}
              </span>
            ) : (
              <a
                href={pairedPath(pathname, language)}
                hrefLang={languageTags[language]}
                lang={languageTags[language]}
                className="block whitespace-nowrap rounded-md px-2 py-2 font-medium text-ink-muted underline-offset-4 hover:bg-night-50 hover:text-night-700 hover:underline"
              >
                {languageNames[language]}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
