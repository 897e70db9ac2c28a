import { practiceCopy } from '@/content/practice';
import { languageTags, type Language } from '@/lib/language';
import { articleCategoriesCopy } from '@/content/article-categories';
import { pageMetaCopy } from '@/content/page-meta';
import { servicesCopy } from '@/content/services';
import { absoluteUrl } from '@/app/head/site-config';
import type { ArticleMeta } from '@/content/article-meta';

/**
 * JSON-LD for the practice, so search engines can show address, phone and services.
 * HealthAndBeautyBusiness is the LocalBusiness subtype that fits a non-medical
 * counselling practice (MedicalBusiness would claim a medical practice).
 */
export function practiceJsonLd(language: Language = 'de'): Record<string, unknown> {
  const { practice } = practiceCopy[language];
  const { bookableServices } = servicesCopy[language];
  const { structuredDataText } = pageMetaCopy[language];
  const address = practice.practiceAddress;
  return {
    '@context': 'https://schema.org',
    '@type': 'HealthAndBeautyBusiness',
    '@id': `${absoluteUrl('/')}#praxis`,
    name: practice.name,
    description: practice.tagline,
    url: absoluteUrl('/'),
    image: absoluteUrl('/media/og-image.jpg'),
    telephone: practice.phone.e164,
    email: practice.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.street,
      postalCode: address.postalCode,
      addressLocality: address.locality,
      addressRegion: address.region,
      addressCountry: address.country,
    },
    areaServed: structuredDataText.areaServed,
    currenciesAccepted: 'CHF',
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: structuredDataText.offerCatalogName,
      itemListElement: bookableServices.map((service) => ({
        '@type': 'Offer',
        itemOffered: {
          '@type': 'Service',
          name: service.label,
          description: service.description,
        },
        ...(service.priceChf === null
          ? {}
          : { price: service.priceChf.toFixed(2), priceCurrency: 'CHF' }),
      })),
    },
  };
}

/**
 * JSON-LD for an article (/blog/<slug>): a BlogPosting by its author, published by the
 * practice (the same @id as on the home page), so search engines can show date and author.
 */
export function articleJsonLd(article: ArticleMeta, path: string): Record<string, unknown> {
  const url = absoluteUrl(path);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    '@id': `${url}#artikel`,
    mainEntityOfPage: url,
    url,
    headline: article.title,
    description: article.excerpt,
    articleSection: articleCategoriesCopy[article.language].categoryLabels[article.category],
    inLanguage: languageTags[article.language],
    datePublished: article.date,
    image: absoluteUrl('/media/og-image.jpg'),
    author: { '@type': 'Person', name: article.author },
    publisher: { '@type': 'Organization', '@id': `${absoluteUrl('/')}#praxis`, name: practiceCopy[article.language].practice.name },
  };
}
