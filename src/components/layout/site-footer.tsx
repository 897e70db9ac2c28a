import { PageLink, useLanguage } from '@/lib/page-links';
import { Mail, MapPin, Phone } from 'lucide-react';
import { footerNavigation } from '@/lib/route-table';
import { addressLines, practiceCopy } from '@/content/practice';
import { Container } from '@/components/ui/section';
import { useCopy } from '@/content/copy';
import { uiTextCopy } from '@/content/ui-text';

export function SiteFooter() {
  const language = useLanguage();
  const { practice } = useCopy(practiceCopy);
  const { uiText } = useCopy(uiTextCopy);
  const [street, town] = addressLines(practice.practiceAddress);
  return (
    <footer className="on-dark bg-night-900 text-night-100">
      <Container className="grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-[2fr_1.4fr_1fr]">
        <div className="sm:col-span-2 lg:col-span-1">
          <p className="font-serif text-xl font-semibold text-white">{practice.name}</p>
          <p className="mt-2 max-w-sm text-sm">{practice.tagline}</p>
        </div>

        <div>
          <h2 className="font-sans text-sm font-semibold uppercase tracking-wider text-moon-300">{uiText.footer.contactTitle}</h2>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <p className="flex gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-moon-300" />
              <span>
                {street}
                <br />
                {town}
              </span>
            </p>
            <p className="flex gap-2">
              <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-moon-300" />
              <a href={`tel:${practice.phone.e164}`} className="rounded hover:text-white hover:underline">
                {practice.phone.display}
              </a>
            </p>
            <p className="flex gap-2">
              <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-moon-300" />
              <a href={`mailto:${practice.email}`} className="rounded [overflow-wrap:anywhere] hover:text-white hover:underline">
                {practice.email}
              </a>
            </p>
          </address>
        </div>

        <nav aria-label={uiText.footer.navigation}>
          <h2 className="font-sans text-sm font-semibold uppercase tracking-wider text-moon-300">{uiText.footer.pagesTitle}</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {footerNavigation[language].map((link) => (
              <li key={link.path}>
                <PageLink to={link.path} className="rounded hover:text-white hover:underline">
                  {link.label}
                </PageLink>
              </li>
            ))}
          </ul>
        </nav>
      </Container>
      <div className="border-t border-white/10">
        <Container className="py-6 text-sm">
          <p>© {practice.copyrightYear} {practice.name}. {uiText.footer.rightsReserved}</p>
        </Container>
      </div>
    </footer>
  );
}
