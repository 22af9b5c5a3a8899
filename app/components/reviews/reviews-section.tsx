import type { ReviewSummary as Summary, PublicReview } from "~/services/reviews.server";
import type { PageMeta } from "~/services/sql";
import { OWN_REVIEW_STATUS, type ReviewStatus } from "~/lib/reviews";
import { TitledSection } from "~/components/section";
import { ReviewList } from "./review-list";
import { LoginToReview, ReviewForm, type ReviewFormFailure } from "./review-form";
import { ReviewSummary } from "./review-summary";

/** What the product page's loader gives the section. */
export interface ReviewsData {
  reviews: PublicReview[];
  pagination: PageMeta;
  summary: Summary;
  /** Who is looking: a guest, a shopper who may review, or one who already has (and its status). */
  writer: { kind: "guest" } | { kind: "shopper" } | { kind: "reviewed"; status: ReviewStatus };
}

/** The product page's reviews: the summary, a page of reviews, and the form (or what stands in its place). */
export function ReviewsSection({
  data,
  path,
  failure,
}: {
  data: ReviewsData;
  path: string;
  failure?: ReviewFormFailure;
}) {
  const href = (page: number) => (page <= 1 ? `${path}#reviews` : `${path}?reviews_page=${page}#reviews`);
  const here = data.pagination.current_page > 1 ? `${path}?reviews_page=${data.pagination.current_page}` : path;
  return (
    <TitledSection id="reviews-heading" title="Customer Reviews" className="mt-12 max-w-4xl scroll-mt-24">
      <div id="reviews" className="scroll-mt-24">
        <ReviewSummary summary={data.summary} />
        <ReviewList reviews={data.reviews} pagination={data.pagination} href={href} />
        <div className="mt-8 rounded-2xl border border-bloom-100 bg-bloom-50/40 p-5">
          <h3 id="review-form-heading" className="text-lg font-semibold text-gray-900">
            Write a review
          </h3>
          {/*
            All three are in the page and two are hidden: the Worker shows the visitor's on a page
            the edge keeps whole by changing attributes only (docs/decisions/017).
          */}
          <div data-writer="guest" hidden={data.writer.kind !== "guest"}>
            <LoginToReview returnTo={here} />
          </div>
          <p
            className="mt-2 text-gray-700"
            data-testid="own-review"
            data-writer="reviewed"
            hidden={data.writer.kind !== "reviewed"}
          >
            {data.writer.kind === "reviewed" ? OWN_REVIEW_STATUS[data.writer.status] : ""}
          </p>
          <div data-writer="shopper" hidden={data.writer.kind !== "shopper"}>
            <ReviewForm action={path} failure={failure} />
          </div>
        </div>
      </div>
    </TitledSection>
  );
}
