import { useNavigation } from "@remix-run/react";
import type { ReviewSummary as Summary, PublicReview } from "~/services/reviews.server";
import type { PageMeta } from "~/services/sql";
import type { PartProps, ReviewWriter as ReviewWriterState } from "~/lib/personal";
import { OWN_REVIEW_STATUS } from "~/lib/reviews";
import { TitledSection } from "~/components/section";
import { Personal } from "~/components/personal";
import { ReviewList } from "./review-list";
import { LoginToReview, REVIEW_INTENT, ReviewForm, type ReviewFormFailure } from "./review-form";
import { ReviewSummary } from "./review-summary";

/** What the product page's loader gives the section. */
export interface ReviewsData {
  reviews: PublicReview[];
  pagination: PageMeta;
  summary: Summary;
  /** Who is looking: a guest, a shopper who may review, or one who already has (and its status). */
  writer: ReviewWriterState;
}

/** The product page's reviews: the summary, a page of reviews, and the form (or what stands in its place). */
export function ReviewsSection({
  data,
  path,
  failure,
}: {
  data: ReviewsData;
  path: `/${string}`;
  failure?: ReviewFormFailure;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === REVIEW_INTENT;
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
          <Personal name="reviewWriter" props={{ action: path, returnTo: here }}>
            <ReviewWriter
              writer={data.writer}
              action={path}
              returnTo={here}
              failure={failure}
              submitting={submitting}
            />
          </Personal>
        </div>
      </div>
    </TitledSection>
  );
}

/**
 * Where the form goes, by who is looking: a guest is asked to log in, a shopper who has reviewed
 * the product reads its status, any other shopper gets the form. The visitor's part of a page the
 * edge keeps whole (docs/decisions/017).
 */
export function ReviewWriter({
  writer,
  action,
  returnTo,
  failure,
  submitting,
}: PartProps["reviewWriter"] & {
  writer: ReviewWriterState;
  failure?: ReviewFormFailure;
  submitting?: boolean;
}) {
  if (writer.kind === "guest") return <LoginToReview returnTo={returnTo} />;
  if (writer.kind === "reviewed")
    return (
      <p className="mt-2 text-gray-700" data-testid="own-review">
        {OWN_REVIEW_STATUS[writer.status]}
      </p>
    );
  return <ReviewForm action={action} failure={failure} submitting={submitting} />;
}
