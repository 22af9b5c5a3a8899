import { Link } from "@remix-run/react";
import { pageWindow } from "~/components/pagination";
import type { PublicReview } from "~/services/reviews.server";
import type { PageMeta } from "~/services/sql";
import { Stars } from "./stars";

const dateFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});
const reviewDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : "");

/** Plain text as written: paragraphs split at blank lines, React escaping every character. */
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);

function ReviewItem({ review }: { review: PublicReview }) {
  return (
    <li className="border-t border-bloom-100 py-5 first:border-t-0" data-testid="review">
      <article aria-labelledby={`review-${review.id}-title`}>
        <Stars rating={review.rating} />
        <h3 id={`review-${review.id}-title`} className="mt-2 font-semibold text-gray-900">
          {review.title}
        </h3>
        <div className="mt-2 flex flex-col gap-2 whitespace-pre-line text-gray-700">
          {paragraphs(review.body).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
        <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-600">
          <span className="font-medium text-gray-800">{review.author_name}</span>
          {review.created_at ? <time dateTime={review.created_at}>{reviewDate(review.created_at)}</time> : null}
          {review.verified_purchase ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800">
              <svg
                aria-hidden="true"
                width="12"
                height="12"
                viewBox="0 0 20 20"
                fill="none"
                stroke="currentColor"
                strokeWidth="3"
              >
                <path d="M4 10.5 8 14.5 16 6" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              Verified purchase
            </span>
          ) : null}
        </p>
      </article>
    </li>
  );
}

/** The reviews of this page and links to the others (`?reviews_page=N`, plain links that work without JavaScript). */
export function ReviewList({
  reviews,
  pagination,
  href,
}: {
  reviews: PublicReview[];
  pagination: PageMeta;
  href: (page: number) => string;
}) {
  if (reviews.length === 0) return null;
  const { current_page: current, last_page: last } = pagination;
  const link =
    "inline-flex min-w-10 items-center justify-center rounded-lg border border-gray-200 bg-white px-3 py-2 text-sm font-medium text-gray-700 hover:border-bloom-300 hover:text-bloom-700";
  return (
    <>
      <ul className="mt-6" aria-label="Reviews">
        {reviews.map((review) => (
          <ReviewItem key={review.id} review={review} />
        ))}
      </ul>
      {last > 1 ? (
        <nav aria-label="Review pages" className="mt-4 flex flex-wrap items-center gap-2">
          {current > 1 ? (
            <Link to={href(current - 1)} className={link} rel="prev" preventScrollReset>
              Previous reviews
            </Link>
          ) : null}
          {pageWindow(current, last).map((page) =>
            page === current ? (
              <span
                key={page}
                aria-current="page"
                className={`${link} border-bloom-600 bg-bloom-600 text-white hover:text-white`}
              >
                {page}
              </span>
            ) : (
              <Link key={page} to={href(page)} className={link} aria-label={`Reviews page ${page}`} preventScrollReset>
                {page}
              </Link>
            ),
          )}
          {current < last ? (
            <Link to={href(current + 1)} className={link} rel="next" preventScrollReset>
              More reviews
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
