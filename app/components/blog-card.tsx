import { Link } from "@remix-run/react";
import { Img } from "~/components/img";
import type { BlogCard } from "~/services/blogs.server";

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

export function BlogCardView({ blog, eager = false }: { blog: BlogCard; eager?: boolean }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-bloom-100 bg-white shadow-sm transition hover:shadow-md focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-bloom-600">
      <div className="aspect-[3/2] overflow-hidden bg-bloom-50">
        <Img
          src={blog.featured_image}
          alt=""
          width={600}
          height={400}
          loading={eager ? "eager" : "lazy"}
          className="h-full w-full object-cover transition group-hover:scale-[1.02]"
        />
      </div>
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
          <span>
            <span aria-label={`${blog.view_count} views`}>👁 {blog.view_count}</span> ·{" "}
            <span aria-label={`${blog.like_count} likes`}>♥ {blog.like_count}</span>
          </span>
        </div>
      </div>
    </article>
  );
}
