/**
 * The blog's Atom feed (RFC 4287), /blog/feed.xml: every article with its summary and full
 * text, newest first. Written by the prerender step, served by the dev server.
 */
import type { Article } from '../../src/content/article-meta.ts';
import { escapeHtml } from '../../supabase/functions/_shared/domain/html.ts';
import { practiceContact as practice } from '../../supabase/functions/_shared/domain/practice.ts';

export const FEED_PATH = '/blog/feed.xml';
/** The same title as the feed's link in the blog's <head> (src/app/head/head.ts). */
export const FEED_TITLE = `Blog – ${practice.name}`;

/** Midnight in Zurich of a YYYY-MM-DD date, as an RFC 3339 timestamp (Atom needs a time). */
function zurichMidnight(date: string): string {
  const utc = new Date(`${date}T00:00:00Z`);
  const offset = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Zurich', timeZoneName: 'longOffset' })
    .formatToParts(utc)
    .find((part) => part.type === 'timeZoneName')!
    .value.replace('GMT', '');
  return `${date}T00:00:00${offset || '+00:00'}`;
}

export function atomFeed(siteUrl: string, articles: readonly Article[]): string {
  const site = siteUrl.replace(/\/+$/, '');
  const x = escapeHtml;
  const updated = articles.length > 0 ? zurichMidnight(articles.map((a) => a.date).sort().at(-1)!) : zurichMidnight('2025-01-01');
  const entries = articles.map((article) => {
    const url = `${site}/blog/${article.slug}`;
    return [
      '  <entry>',
      `    <id>${x(url)}</id>`,
      `    <title>${x(article.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${x(url)}"/>`,
      `    <published>${zurichMidnight(article.date)}</published>`,
      `    <updated>${zurichMidnight(article.date)}</updated>`,
      `    <author><name>${x(article.author)}</name></author>`,
      `    <category term="${x(article.category)}"/>`,
      `    <summary>${x(article.excerpt)}</summary>`,
      `    <content type="html">${x(article.html)}</content>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="de-CH">',
    `  <id>${x(`${site}/blog`)}</id>`,
    `  <title>${x(FEED_TITLE)}</title>`,
    `  <link rel="self" type="application/atom+xml" href="${x(`${site}${FEED_PATH}`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${x(`${site}/blog`)}"/>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${x(practice.name)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
