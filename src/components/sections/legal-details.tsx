import type { LegalNoticeDetail } from '@/content/legal-notice';
import { Card } from '@/components/ui/card';

interface LegalDetailsProps {
  id: string;
  title: string;
  details: readonly LegalNoticeDetail[];
}

/** The company facts of the legal notice as a definition list: label, then value. */
export function LegalDetails({ id, title, details }: LegalDetailsProps) {
  const headingId = `${id}-titel`;
  return (
    <Card as="div" className="sm:p-8">
      <section id={id} aria-labelledby={headingId}>
        <h2 id={headingId} className="text-2xl sm:text-3xl">
          {title}
        </h2>
        <dl className="mt-6 divide-y divide-sand-200">
          {details.map((detail) => (
            <div key={detail.label} className="grid gap-1 py-3 sm:grid-cols-[13rem_minmax(0,1fr)] sm:gap-4">
              <dt className="text-sm font-semibold text-ink-muted sm:text-base">{detail.label}</dt>
              {/* wrap-anywhere: the e-mail address is one long word on a 360 px screen. */}
              <dd className="wrap-anywhere text-ink">
                {detail.href ? (
                  <a href={detail.href} className="rounded font-medium text-night-700 underline underline-offset-2 hover:text-night-800">
                    {detail.lines.join(', ')}
                  </a>
                ) : (
                  detail.lines.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))
                )}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </Card>
  );
}
