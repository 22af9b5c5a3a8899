import { SubmitButton, TextAreaField, TextField } from "~/components/form";
import { PostForm, ShopLink } from "~/components/shop-link";
import { FieldError } from "~/components/field-error";
import { REVIEW_BODY_MAX, REVIEW_MESSAGES, REVIEW_TITLE_MAX } from "~/lib/reviews";

export const REVIEW_INTENT = "review";

const RATING_WORDS = ["", "Poor", "Fair", "Good", "Very good", "Excellent"];

/** What the action sent back for this form: its messages and the typed values. */
export interface ReviewFormFailure {
  errors: Record<string, string[]>;
  values: Record<string, string>;
}

/**
 * The signed-in shopper's review: a rating (five radio buttons), a title and the text. A plain form
 * post to the product page's action (`intent=review`), checked by the server (not in the browser: the
 * schema library would add about 27 KB gzip to the shop's busiest page); its messages show under the
 * fields, the typed values kept.
 */
export function ReviewForm({
  action,
  failure,
  submitting = false,
}: {
  action: `/${string}`;
  failure?: ReviewFormFailure;
  /** Whether this form's post is on its way (`useNavigation`). */
  submitting?: boolean;
}) {
  const errors = failure?.errors ?? {};
  const values = failure?.values ?? {};
  return (
    <PostForm
      action={action}
      preventScrollReset
      noValidate
      className="mt-4 grid max-w-2xl gap-4"
      aria-labelledby="review-form-heading"
    >
      <input type="hidden" name="intent" value={REVIEW_INTENT} />
      <fieldset aria-describedby={errors.rating?.length ? "review-rating-error" : undefined}>
        <legend className="block text-sm font-medium text-gray-800">Your rating</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {[5, 4, 3, 2, 1].map((star) => (
            <label
              key={star}
              className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-gray-300 px-3 py-1.5 text-sm text-gray-800 has-[:checked]:border-bloom-600 has-[:checked]:bg-bloom-50"
            >
              <input
                type="radio"
                name="rating"
                value={star}
                defaultChecked={values.rating === String(star)}
                className="accent-bloom-600"
              />
              <span>
                <span aria-hidden="true" className="text-amber-500">
                  {"★".repeat(star)}
                </span>{" "}
                {`${star} ${star === 1 ? "star" : "stars"}`}
                <span className="sr-only">{`, ${RATING_WORDS[star]}`}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError id="review-rating-error" messages={errors.rating} />
      </fieldset>
      <TextField
        name="title"
        label="Title"
        idPrefix="review-"
        type="text"
        maxLength={REVIEW_TITLE_MAX}
        defaultValue={values.title}
        errors={errors}
      />
      <TextAreaField
        name="body"
        label="Your review"
        idPrefix="review-"
        rows={5}
        defaultValue={values.body}
        hint={`Plain text, up to ${REVIEW_BODY_MAX.toLocaleString("en-US")} characters.`}
        errors={errors}
      />
      <div>
        <SubmitButton busy={submitting} label="Submit review" busyLabel="Sending…" />
      </div>
    </PostForm>
  );
}

/** A guest is asked to log in, and comes back here after. */
export function LoginToReview({ returnTo }: { returnTo: string }) {
  return (
    <p className="mt-4">
      <ShopLink
        to={`/login?redirectTo=${encodeURIComponent(returnTo)}`}
        className="inline-flex items-center rounded-full border border-bloom-300 px-5 py-2 font-medium text-bloom-700 hover:bg-bloom-50"
      >
        {REVIEW_MESSAGES.loginToReview}
      </ShopLink>
    </p>
  );
}
