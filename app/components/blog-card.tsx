import { Link } from "@remix-run/react";
import { HEART_PATH } from "~/components/icons";
import { PlacedImg, type ImgPlace } from "~/components/img";
import type { BlogCard } from "~/services/blogs.server";

const BLOG_CARD_IMAGE: ImgPlace = {
  frame: "aspect-[40/21] overflow-hidden bg-bloom-50",
  width: 600,
  height: 315,
  className: "h-full w-full object-cover transition group-hover:scale-[1.02]",
};

const DIFFICULTY_CLASSES: Record<string, string> = {
  beginner: "bg-green-100 text-green-900",
  intermediate: "bg-amber-100 text-amber-900",
};

/** The three-column grid the blog lays its cards out in. */
export const CARD_GRID = "mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3";

export function DifficultyBadge({ difficulty, label }: { difficulty: string; label: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${DIFFICULTY_CLASSES[difficulty] ?? "bg-purple-100 text-purple-900"}`}
    >
      {label}
    </span>
  );
}

/** The icons of a post's counts (24 × 24): an eye for its views, a heart for its likes. */
const COUNT_ICONS = {
  view: (
    <g fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </g>
  ),
  like: <path d={HEART_PATH} fill="currentColor" />,
};

/**
 * A post's view or like count: its icon (inline SVG, which needs no font) and the number, read as
 * "12 views". The word shows beside the number unless `brief` (the cards), where only screen
 * readers get it.
 */
export function BlogCount({ kind, count, brief = false }: { kind: "view" | "like"; count: number; brief?: boolean }) {
  const word = count === 1 ? kind : `${kind}s`;
  return (
    <span className="inline-flex items-center gap-1">
      <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" className="shrink-0">
        {COUNT_ICONS[kind]}
      </svg>
      {count}
      <span className={brief ? "sr-only" : undefined}>{` ${word}`}</span>
    </span>
  );
}

/** `eager` for the cards above the fold; `priority` for the first, the page's largest image. */
export function BlogCardView({
  blog,
  eager = false,
  priority = false,
}: {
  blog: BlogCard;
  eager?: boolean;
  priority?: boolean;
}) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-bloom-100 bg-white shadow-sm transition hover:shadow-md focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-bloom-600">
      <PlacedImg
        place={BLOG_CARD_IMAGE}
        src={blog.featured_image}
        loading={eager ? "eager" : "lazy"}
        priority={priority}
      />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <div className="flex flex-wrap items-center gap-2 text-xs text-gray-600">
          <DifficultyBadge difficulty={blog.difficulty} label={blog.difficulty_badge} />
          <span>{blog.reading_time_text}</span>
        </div>
        <h2 className="font-display text-xl font-bold text-gray-900">
          <Link
            to={blog.url}
            className="after:absolute after:inset-0 after:content-[''] hover:text-bloom-700 focus-visible:outline-none"
          >
            {blog.title}
          </Link>
        </h2>
        <p className="line-clamp-3 text-sm text-gray-700">{blog.excerpt}</p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-3 text-xs text-gray-600">
          <span>
            By {blog.author_name} ·{" "}
            {blog.published_at ? (
              <time dateTime={blog.published_at}>{blog.formatted_published_date}</time>
            ) : (
              "Not published"
            )}
          </span>
          <span className="flex items-center gap-1.5">
            <BlogCount kind="view" count={blog.view_count} brief />
            <span aria-hidden="true">·</span>
            <BlogCount kind="like" count={blog.like_count} brief />
          </span>
        </div>
      </div>
    </article>
  );
}
