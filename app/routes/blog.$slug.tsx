import { log } from "~/services/log.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData, useLocation } from "@remix-run/react";
import { Breadcrumb } from "~/components/breadcrumb";
import { PlacedImg, preloadImage, type ImgPlace } from "~/components/img";
import { JsonLd } from "~/components/json-ld";
import { ProductCard } from "~/components/product-card";
import { absoluteUrl, rootSeo, seoMeta } from "~/lib/seo";
import { hasLiked, setBlogLike } from "~/services/blog-engagement.server";
import { countBlogView } from "~/http/views.server";
import { cachedData } from "~/http/cache-entries.server";
import { visitorFor } from "~/http/visitor.server";
import type { BlogDetail } from "~/services/blogs.server";
import { NotFoundError } from "~/services/errors";
import { getSession } from "~/http/session.server";
import { toasts } from "~/http/pages/toast.server";
import { BlogCardView, BlogCount, CARD_GRID, DifficultyBadge } from "~/components/blog-card";
import { CardList, TitledSection } from "~/components/section";
import { errorBoundary } from "~/components/error-state";
import { submitForData } from "~/components/submit-for-data";
import { LikeForm } from "~/components/like-form";
import { Personal } from "~/components/personal";
import { useRootData } from "~/components/use-root-data";
import { notFoundAs } from "~/http/pages/forms.server";

const BLOG_FEATURED_IMAGE: ImgPlace = {
  width: 1200,
  height: 630,
  className: "mt-8 h-auto w-full rounded-2xl bg-bloom-50",
  loading: "eager",
};

const AUTHOR_AVATAR_IMAGE: ImgPlace = {
  width: 40,
  height: 40,
  className: "h-10 w-10 rounded-full bg-bloom-50",
  loading: "eager",
};

export const ARTICLE_NOT_FOUND = "Article Not Found";
export const ARTICLE_ERROR = "Failed to load blog. Please try again.";

/**
 * The article, its related products, neighbours and similar posts (one batch of two statements,
 * kept by the edge while its tags are unchanged; its HTML was sanitized when staff saved it), and
 * whether this visitor liked it. The view is counted after the response is sent. When the Worker
 * renders the page to keep it whole, the visitor's part is left out: it fills that in for each
 * visitor, and counts their view (docs/decisions/017).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { app } = context;
  let blog: BlogDetail;
  try {
    blog = await app.cache.read(cachedData.blog(params.slug ?? ""));
  } catch (error) {
    if (error instanceof NotFoundError) throw notFoundAs(error, ARTICLE_NOT_FOUND);
    log.error("article could not be read", error);
    throw json({ message: ARTICLE_ERROR }, { status: 500 });
  }
  // The post a kept page is about: filling it in for a visitor needs its id, not a read of the post.
  app.cache.showsSubject(blog.id);
  if (app.shared) return json({ blog });
  const { viewer } = await getSession(app, request);
  const visitor = visitorFor(request, app.env, viewer?.user.id ?? null);
  // A first visit has no like to read.
  const liked = visitor.setCookie ? false : await hasLiked(app.db, blog.id, visitor.key);
  countBlogView(app, blog.id, visitor.key);
  return json({ blog: { ...blog, liked } }, { headers: visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : {} });
}

/** The Like button: `liked=true` likes, `liked=false` unlikes; a plain form post that comes back here. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { app } = context;
  const form = await request.formData();
  const liked = form.get("liked") === "true";
  const id = Number(form.get("blog_id"));
  const { viewer } = await getSession(app, request);
  const visitor = visitorFor(request, app.env, viewer?.user.id ?? null);
  const headers = visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : undefined;
  const back = `/blog/${encodeURIComponent(params.slug ?? "")}`;
  const toast = toasts(app.env, request);
  if (!Number.isSafeInteger(id) || id < 1) return toast.redirectWithError(back, ARTICLE_NOT_FOUND, { headers });
  try {
    const result = await setBlogLike(app.db, id, visitor.key, liked);
    if (form.get("respond") === "data") return json(result, { headers });
    return toast.redirectWithSuccess(back, liked ? "Thanks for liking this tutorial!" : "Like removed", { headers });
  } catch (error) {
    throw notFoundAs(error, ARTICLE_NOT_FOUND);
  }
}

export const meta: MetaFunction<typeof loader> = ({ matches, data, params }) => {
  if (!data)
    return seoMeta(rootSeo(matches), { title: ARTICLE_NOT_FOUND, path: `/blog/${params.slug}`, noindex: true });
  const { blog } = data;
  const root = rootSeo(matches);
  // seoMeta appends " | {site name}"; a meta title that already ends with it keeps it once.
  const suffix = ` | ${root?.site.name || "Twistbloom"}`;
  return [
    ...seoMeta(root, {
      title: blog.meta_title.endsWith(suffix) ? blog.meta_title.slice(0, -suffix.length) : blog.meta_title,
      description: blog.meta_description,
      keywords: blog.meta_keywords,
      image: blog.og_image,
      type: "article",
      path: blog.url,
    }),
    ...preloadImage(blog.featured_image),
  ];
};

function Stats({ blog, likes }: { blog: BlogDetail; likes: number }) {
  return (
    <p className="flex gap-4 text-sm text-gray-600">
      <BlogCount kind="view" count={blog.view_count} />
      <BlogCount kind="like" count={likes} />
    </p>
  );
}

/** Posts to this page's action; with JavaScript the count and the button change at once (optimistic). */
function LikeButton({ blog }: { blog: BlogDetail }) {
  const fetcher = useFetcher<{ like_count: number; liked: boolean }>();
  const { pathname } = useLocation();
  const pending = fetcher.formData ? fetcher.formData.get("liked") === "true" : null;
  const liked = pending ?? fetcher.data?.liked ?? blog.liked;
  const serverCount = fetcher.data?.like_count ?? blog.like_count;
  const count =
    pending === null ? serverCount : Math.max(0, serverCount + (pending === blog.liked ? 0 : pending ? 1 : -1));
  const props = { blogId: blog.id, action: pathname };
  return (
    <div className="flex flex-wrap items-center gap-4">
      <Personal name="like" props={props}>
        <LikeForm {...props} liked={liked} onSubmit={submitForData(fetcher)} />
      </Personal>
      <span className="text-sm text-gray-600" data-testid="like-button-count">
        {count} {count === 1 ? "person likes" : "people like"} this tutorial
      </span>
    </div>
  );
}

/** The link to the tutorial before or after this one, at the article's foot. */
function NeighbourLink({ post, rel }: { post: { url: string; title: string }; rel: "prev" | "next" }) {
  const next = rel === "next";
  return (
    <Link
      to={post.url}
      rel={rel}
      className={`rounded-2xl border border-bloom-100 p-4 ${next ? "text-right " : ""}hover:border-bloom-300`}
    >
      <span className="block text-xs uppercase tracking-wide text-gray-600">
        {next ? "Next tutorial" : "Previous tutorial"}
      </span>
      <span className="font-medium text-gray-900">{post.title}</span>
    </Link>
  );
}

export default function BlogArticlePage() {
  const { blog } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      <ArticleJsonLd blog={blog} />
      <Breadcrumb
        items={[
          { label: "Home", href: "/" },
          { label: "Blog", href: "/blog" },
          { label: blog.title, href: blog.url },
        ]}
      />
      <header className="mt-6">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <DifficultyBadge difficulty={blog.difficulty} label={blog.difficulty_badge} />
          {blog.category_names.map((name) => (
            <span key={name} className="rounded-full bg-bloom-50 px-2.5 py-0.5 text-xs font-medium text-bloom-700">
              {name}
            </span>
          ))}
        </div>
        <h1 className="mt-3 font-display text-4xl font-bold text-gray-900">{blog.title}</h1>
        <div className="mt-4 flex flex-wrap items-center gap-3 text-sm text-gray-700">
          {blog.author_avatar ? <PlacedImg place={AUTHOR_AVATAR_IMAGE} src={blog.author_avatar} /> : null}
          <span className="font-medium text-gray-900">{blog.author_name}</span>
          <span aria-hidden="true">·</span>
          {blog.published_at ? (
            <time dateTime={blog.published_at}>{blog.formatted_published_date}</time>
          ) : (
            <span>Not published</span>
          )}
          <span aria-hidden="true">·</span>
          <span>{blog.reading_time_text}</span>
        </div>
        <div className="mt-3">
          <Stats blog={blog} likes={blog.like_count} />
        </div>
      </header>
      {/* Whole, at its own shape: a featured image has the title drawn in it (1200 × 630, as the seed's). */}
      <PlacedImg place={BLOG_FEATURED_IMAGE} src={blog.featured_image} priority />
      {/* Sanitized when it was saved (app/lib/sanitize.ts, by the back office and the seed): rendered as stored. */}
      <div className="prose-article mt-8" dangerouslySetInnerHTML={{ __html: blog.content }} />
      {blog.tags.length ? (
        <ul className="mt-8 flex flex-wrap gap-2" aria-label="Tags">
          {blog.tags.map((tag) => (
            <li key={tag}>
              <Link
                to={`/blog?search=${encodeURIComponent(tag)}`}
                className="inline-block rounded-full border border-gray-200 px-3 py-1 text-sm text-gray-700 hover:border-bloom-300 hover:text-bloom-700"
              >
                #{tag}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-8 border-y border-bloom-100 py-6">
        <LikeButton blog={blog} />
      </div>
      {blog.related_products.length ? (
        <TitledSection id="related-heading" title="Shop the Tutorial" className="mt-12">
          <CardList items={blog.related_products} className={CARD_GRID}>
            {(product) => <ProductCard product={product} actions />}
          </CardList>
        </TitledSection>
      ) : null}
      {blog.previous_blog || blog.next_blog ? (
        <nav aria-label="More tutorials" className="mt-12 grid gap-4 sm:grid-cols-2">
          {blog.previous_blog ? <NeighbourLink post={blog.previous_blog} rel="prev" /> : <span />}
          {blog.next_blog ? <NeighbourLink post={blog.next_blog} rel="next" /> : null}
        </nav>
      ) : null}
      {blog.similar_blogs.length ? (
        <TitledSection id="similar-heading" title="Similar Tutorials" className="mt-12">
          <CardList items={blog.similar_blogs} className={CARD_GRID}>
            {(similar) => <BlogCardView blog={similar} />}
          </CardList>
        </TitledSection>
      ) : null}
    </article>
  );
}

function ArticleJsonLd({ blog }: { blog: BlogDetail }) {
  const root = useRootData();
  const origin = root?.origin ?? "";
  return (
    <JsonLd
      data={{
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: blog.title,
        description: blog.meta_description,
        image: absoluteUrl(origin, blog.og_image),
        datePublished: blog.published_at ?? undefined,
        author: { "@type": "Person", name: blog.author_name },
        publisher: { "@type": "Organization", name: root?.site.name ?? "Twistbloom" },
        mainEntityOfPage: absoluteUrl(origin, blog.url),
        keywords: blog.meta_keywords,
        interactionStatistic: [
          {
            "@type": "InteractionCounter",
            interactionType: "https://schema.org/LikeAction",
            userInteractionCount: blog.like_count,
          },
          {
            "@type": "InteractionCounter",
            interactionType: "https://schema.org/ViewAction",
            userInteractionCount: blog.view_count,
          },
        ],
      }}
    />
  );
}

export const ErrorBoundary = errorBoundary({
  notFound: {
    title: ARTICLE_NOT_FOUND,
    message: "This tutorial does not exist or is not published yet.",
    link: { to: "/blog", label: "Back to Tutorials" },
  },
  failed: { title: ARTICLE_ERROR, message: "Something went wrong on our side.", link: "retry" },
});
