import { blogArticles, blogCategories, blogPage } from '@/content/blog';
import { BlogArticleList } from '@/components/sections/blog-article-list';
import type { BlogCardLabels } from '@/components/sections/blog-article-card';
import { BlogCategoryChips } from '@/components/sections/blog-category-chips';
import { ClosingCta } from '@/components/sections/closing-cta';
import { Hero } from '@/components/sections/hero';
import { NewsletterBox } from '@/components/sections/newsletter-box';
import { Section } from '@/components/ui/section';
import { TooltipProvider } from '@/components/ui/tooltip';

const pendingNoteId = 'artikel-folgen-hinweis';

const cardLabels: BlogCardLabels = {
  read: blogPage.readLabel,
  authorPrefix: blogPage.authorPrefix,
  readTime: blogPage.readTimeLabel,
  pending: blogPage.articlesPendingNote,
};

const featuredArticles = blogArticles.filter((article) => article.featured);
const otherArticles = blogArticles.filter((article) => !article.featured);

export default function BlogPage() {
  return (
    // The "Lesen" buttons explain themselves in tooltips; the provider sets their timing.
    <TooltipProvider>
      <Hero title={blogPage.hero.title} lead={blogPage.hero.lead} />
      <BlogCategoryChips label={blogPage.categoriesLabel} categories={blogCategories} current="Alle" />
      <Section
        id="empfohlene-artikel"
        title={blogPage.featuredTitle}
        lead={<span id={pendingNoteId}>{blogPage.articlesPendingNote}</span>}
      >
        <BlogArticleList articles={featuredArticles} variant="featured" labels={cardLabels} pendingNoteId={pendingNoteId} />
      </Section>
      <Section id="alle-artikel" title={blogPage.allTitle} tone="white">
        <BlogArticleList articles={otherArticles} labels={cardLabels} pendingNoteId={pendingNoteId} />
      </Section>
      <NewsletterBox content={blogPage.newsletter} />
      <ClosingCta content={blogPage.closingCta} />
    </TooltipProvider>
  );
}
