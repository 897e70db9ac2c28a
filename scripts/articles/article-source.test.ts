// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseArticle, readArticles, WORDS_PER_MINUTE } from './article-source.ts';
import { advisorName } from '../../supabase/functions/_shared/domain/practice.ts';

const SANDRA_HUBER = advisorName('sandra-huber');
const LUKAS_BRUNNER = advisorName('lukas-brunner');

const front = (fields: Record<string, string>) => `---\n${Object.entries(fields).map(([k, v]) => `${k}: ${v}`).join('\n')}\n---\n`;
const valid = { title: 'Ein Titel', excerpt: 'Ein kurzer Text.', category: 'Tipps', date: '2025-03-12', author: SANDRA_HUBER, featured: 'false' };
const words = (n: number) => Array.from({ length: n }, (_, i) => `Wort${i}`).join(' ');

describe('an article file', () => {
  it('becomes its facts and HTML, with the reading time computed from the text', () => {
    const article = parseArticle('src/content/articles/ein-titel.md', `${front(valid)}\n${words(WORDS_PER_MINUTE * 3 + 1)}\n\n## Quellen\n\n- NHS`);
    expect(article).toMatchObject({ slug: 'ein-titel', title: 'Ein Titel', category: 'Tipps', featured: false, readMinutes: 4 });
    // 601 words and the two of the sources: a little over three minutes, so four.
    expect(article.html).toContain('<h2>Quellen</h2>');
    expect(article.html).toContain('<li>NHS</li>');
    expect(parseArticle('x/kurz.md', `${front(valid)}Kurz.`).readMinutes).toBe(1);
  });

  it.each([
    [{ ...valid, category: 'Sport' }, /«category» must be one of/],
    [{ ...valid, author: 'Max Muster' }, new RegExp(String.raw`«author» must be one of ${SANDRA_HUBER}, ${LUKAS_BRUNNER}`)],
    [{ ...valid, date: '12.03.2025' }, /«date» must be a date written YYYY-MM-DD/],
    [{ ...valid, featured: 'ja' }, /«featured» must be true or false/],
    [{ ...valid, title: '""' }, /«title» is missing or empty/],
  ])('stops the build naming the file and the field: %o', (fields, message) => {
    expect(() => parseArticle('src/content/articles/a.md', `${front(fields)}Text.`)).toThrow(message);
    expect(() => parseArticle('src/content/articles/a.md', `${front(fields)}Text.`)).toThrow(/^src\/content\/articles\/a\.md: /);
  });

  it('refuses a file without front matter, without text, with a second page heading or an unusable name', () => {
    expect(() => parseArticle('a.md', 'Nur Text.')).toThrow(/front matter/);
    expect(() => parseArticle('a.md', `${front(valid)}\n  \n`)).toThrow(/no text/);
    expect(() => parseArticle('a.md', `${front(valid)}# Titel\n\nText.`)).toThrow(/«# » heading/);
    expect(() => parseArticle('Mein Artikel.md', `${front(valid)}Text.`)).toThrow(/file name/);
  });

  it('reads the practice\'s six articles, newest first, each long enough to be worth reading', async () => {
    const articles = await readArticles();
    expect(articles).toHaveLength(6);
    expect(articles.map((a) => a.date)).toEqual(articles.map((a) => a.date).sort().reverse());
    for (const article of articles) {
      expect(article.readMinutes, article.slug).toBeGreaterThanOrEqual(3);
      expect(article.html, article.slug).toContain('<h2>Quellen</h2>');
      expect(article.html, article.slug).not.toMatch(/ß/);
    }
  });
});
