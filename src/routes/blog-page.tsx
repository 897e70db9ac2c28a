import { useCopy } from '@/content/copy';
import { useLocation } from 'react-router-dom';
import { useLanguage } from '@/lib/page-links';
import { findPageRoute } from '@/lib/route-table';
import { allCategoriesChip, type BlogCategoryChip } from '@/content/article-meta';
import { articlesIn } from '@/content/article-index';
import { blogCopy } from '@/content/blog';
import { BlogArticleList } from '@/components/sections/blog-article-list';
import type { BlogCardLabels } from '@/components/sections/blog-article-card';
import { BlogCategoryChips } from '@/components/sections/blog-category-chips';
import { ClosingCta } from '@/components/sections/closing-cta';
import { Hero } from '@/components/sections/hero';
import { NewsletterBox } from '@/features/newsletter/newsletter-box';
import { Section } from '@/components/ui/section';

/** The chip of the list at this address: /blog is «Alle», /blog/kategorie/<name> its category. */
function chipOf(pathname: string): BlogCategoryChip {
  return findPageRoute(pathname)?.category ?? allCategoriesChip;
}

/**
 * /blog and its filtered lists (/blog/kategorie/<name>, each prerendered): the featured
 * articles of the chosen category, then its others. A section left empty by the filter is
 * left out.
 */
export default function BlogPage() {
  const { blogPage } = useCopy(blogCopy);
  const articles = articlesIn(useLanguage());
  const cardLabels: BlogCardLabels = { read: blogPage.readLabel, authorPrefix: blogPage.authorPrefix, readTime: blogPage.readTimeLabel };
  const current = chipOf(useLocation().pathname);
  const shown = current === allCategoriesChip ? articles : articles.filter((article) => article.category === current);
  const featured = shown.filter((article) => article.featured);
  const others = shown.filter((article) => !article.featured);
  return (
    <>
      <Hero title={blogPage.hero.title} lead={blogPage.hero.lead} />
      <BlogCategoryChips label={blogPage.categoriesLabel} current={current} />
      {featured.length > 0 && (
        <Section id="empfohlene-artikel" title={blogPage.featuredTitle}>
          <BlogArticleList articles={featured} variant="featured" labels={cardLabels} />
        </Section>
      )}
      {others.length > 0 && (
        <Section id="alle-artikel" title={blogPage.allTitle} tone="white">
          <BlogArticleList articles={others} labels={cardLabels} />
        </Section>
      )}
      <NewsletterBox content={blogPage.newsletter} />
      <ClosingCta content={blogPage.closingCta} />
    </>
  );
}
