/**
 * The details page's head (SPEC §2 Idea details; issue 5): title, meta description, canonical
 * address, Open Graph and Twitter card tags, rendered with the page (React 19 puts them in the
 * head), so link previews, which run no scripts, read them from the server's HTML. Only what a
 * visitor may see goes in: the description is cut to its first 100 characters (§4 Premium),
 * whoever reads the page.
 */
import { CURRENCIES, type Currency, DESCRIPTION_PREVIEW_LENGTH } from '@shared/constants';
import { creatorDisplayName, priceText } from '@shared/format';
import { ideaMetaDescription, ideaPageTitle } from '@shared/rules/idea-meta';
import { previewDescription } from '@shared/rules/premium';
import type { IdeaDetail } from '@shared/schemas/ideas';
import { useSiteUrl } from '../../../app/site-url';
import { JsonLd } from '../../../components/layout/json-ld';
import { PageMeta } from '../../../components/layout/page-meta';

const SITE_NAME = 'IdeaHub';

/** An absolute http(s) address for `url` (relative ones against the site's), or null. */
function absoluteUrl(url: string | null, siteUrl: string): string | null {
  if (!url) return null;
  try {
    const u = new URL(url, `${siteUrl}/`);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

type MetaIdea = Pick<IdeaDetail, 'id' | 'title' | 'description' | 'descriptionTruncated' | 'price' | 'currency' | 'imageUrl' | 'ratingAverage' | 'ratingCount' | 'creator' | 'category'>;

export function IdeaPageMeta({ idea }: { idea: MetaIdea }) {
  const siteUrl = useSiteUrl();
  const visible = previewDescription(idea.description, DESCRIPTION_PREVIEW_LENGTH);
  const cut = idea.descriptionTruncated || visible.length < idea.description.length;
  const summary = `${visible.replace(/\s+/g, ' ').trim()}${cut ? '…' : ''}`;
  const canonical = `${siteUrl}/ideas/${idea.id}`;
  const image = absoluteUrl(idea.imageUrl, siteUrl);
  const price = Number(idea.price);
  const currency = (CURRENCIES as readonly string[]).includes(idea.currency) ? (idea.currency as Currency) : null;
  return (
    <>
    <ProductJsonLd idea={idea} description={visible} canonical={canonical} image={image ?? `${siteUrl}/favicon.svg`} />
    <PageMeta title={ideaPageTitle(idea.title)} description={ideaMetaDescription(idea.title, visible)} canonical={canonical}>
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content="product" />
      <meta property="og:title" content={idea.title} />
      <meta property="og:description" content={summary} />
      <meta property="og:url" content={canonical} />
      {image ? <meta property="og:image" content={image} /> : null}
      {image ? <meta property="og:image:alt" content={idea.title} /> : null}
      <meta property="product:price:amount" content={price.toFixed(2)} />
      {currency ? <meta property="product:price:currency" content={currency} /> : null}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={idea.title} />
      <meta name="twitter:description" content={summary} />
      {image ? <meta name="twitter:image" content={image} /> : null}
      {image ? <meta name="twitter:image:alt" content={idea.title} /> : null}
      {currency ? <meta name="twitter:label1" content="Price" /> : null}
      {currency ? <meta name="twitter:data1" content={priceText(price, currency)} /> : null}
    </PageMeta>
    </>
  );
}

/**
 * The item as a schema.org Product (issue 16): name, the description a visitor may read (premium
 * rule: its first 100 characters), an image (the site's mark when the item has none), the offer
 * and, once people have rated it, their aggregate rating.
 */
function ProductJsonLd({ idea, description, canonical, image }: { idea: MetaIdea; description: string; canonical: string; image: string }) {
  const siteUrl = useSiteUrl();
  return (
    <JsonLd
      data={{
        '@type': 'Product',
        name: idea.title,
        description,
        image,
        url: canonical,
        category: idea.category === 'idea' ? 'Idea' : 'Product',
        brand: { '@type': 'Brand', name: creatorDisplayName(idea.creator.name) },
        offers: {
          '@type': 'Offer',
          price: Number(idea.price).toFixed(2),
          priceCurrency: idea.currency,
          url: canonical,
          availability: 'https://schema.org/InStock',
          seller: { '@type': 'Person', name: creatorDisplayName(idea.creator.name), url: `${siteUrl}/makers/${encodeURIComponent(idea.creator.id)}` },
        },
        ...(idea.ratingCount > 0 && idea.ratingAverage !== null
          ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: idea.ratingAverage, ratingCount: idea.ratingCount, bestRating: 5, worstRating: 1 } }
          : {}),
      }}
    />
  );
}
