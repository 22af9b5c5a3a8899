import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { adminPageMeta, adminPageError } from "~/components/admin/admin-page";
import { AdminListPage } from "~/components/admin/list-page";
import { dangerButton, dateTime, primaryButton, SelectFilter, RowLink } from "~/components/admin/ui";
import { Stars } from "~/components/reviews/stars";
import { listHref } from "~/lib/admin-list";
import { parseId } from "~/lib/ids";
import { lenientQuery } from "~/lib/schemas/query";
import {
  AdminReviewListQuerySchema,
  REVIEW_MESSAGES,
  REVIEW_STATUSES,
  ReviewModerationSchema,
  type ReviewStatus,
} from "~/lib/schemas/reviews";
import { safeRedirect } from "~/lib/redirect";
import { listReviewsForModeration, moderateReview } from "~/services/admin/reviews.server";
import { readForm, buttonError } from "~/http/pages/forms.server";
import { adminAction, privateJson } from "~/http/pages/admin-pages.server";
import { requireAdmin } from "~/http/pages/guards.server";

export const meta = adminPageMeta("Reviews", "/admin/reviews");

const STATUS_NAMES: Record<ReviewStatus, string> = {
  pending: "Waiting for approval",
  approved: "Approved",
  rejected: "Rejected",
};

/** One status of reviews (waiting for approval unless the filter says otherwise), newest first, with pages. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  const { query, errors } = lenientQuery(AdminReviewListQuerySchema, new URL(request.url).searchParams);
  const status: ReviewStatus = query.status ?? "pending";
  const page = await listReviewsForModeration(context.app.db, { ...query, status });
  return privateJson({ page, status, errors });
}

/** Approve or reject one review (`id`, `status`), then back to the list as it was, with a toast. */
export async function action(args: ActionFunctionArgs) {
  const { app, actor, toast } = await adminAction(args);
  const values = await readForm(args.request);
  const back = safeRedirect(values.back?.startsWith("/admin/reviews") ? values.back : null, "/admin/reviews");
  const id = parseId(values.id);
  const parsed = ReviewModerationSchema.safeParse(values);
  if (values.intent !== "moderate" || id === null) return toast.redirectWithError(back, REVIEW_MESSAGES.reviewNotFound);
  if (!parsed.success) return toast.redirectWithError(back, REVIEW_MESSAGES.statusInvalid);
  try {
    const review = await moderateReview(app.db, actor, id, parsed.data.status);
    return toast.redirectWithSuccess(
      back,
      review.status === "approved" ? REVIEW_MESSAGES.approved : REVIEW_MESSAGES.rejected,
    );
  } catch (error) {
    return buttonError(error, { toast, here: back });
  }
}

function ModerationButton({
  id,
  status,
  label,
  className,
  back,
  title,
}: {
  id: number;
  status: "approved" | "rejected";
  label: string;
  className: string;
  back: string;
  title: string;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" noValidate preventScrollReset>
      <input type="hidden" name="intent" value="moderate" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="status" value={status} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" className={className} disabled={busy}>
        {label}
        <span className="sr-only">{`: ${title}`}</span>
      </button>
    </Form>
  );
}

/** A review's buttons: each moves it to a status it is not in. */
const MODERATIONS = [
  { status: "approved", label: "Approve", className: primaryButton },
  { status: "rejected", label: "Reject", className: dangerButton },
] as const;

const EMPTY: Record<ReviewStatus, string> = {
  pending: "No reviews are waiting for approval.",
  approved: "No approved reviews.",
  rejected: "No rejected reviews.",
};

export default function AdminReviews() {
  const { page, status, errors } = useLoaderData<typeof loader>();
  // Waiting for approval is the list's own address: the other statuses say theirs.
  const filters = { status: status === "pending" ? "" : status };
  const back = listHref("/admin/reviews", filters, page.current_page);
  return (
    <AdminListPage
      title="Reviews"
      description="Approve or reject shoppers' reviews. A verified purchase is published at once; the others wait here."
      filters={{
        label: "Filter reviews",
        fields: (
          <SelectFilter
            id="review-status"
            name="status"
            label="Status"
            value={status}
            options={REVIEW_STATUSES.map((value) => ({
              value,
              label: `${STATUS_NAMES[value]} (${page.counts[value]})`,
            }))}
            messages={errors.status}
          />
        ),
      }}
      page={{ ...page, path: "/admin/reviews", filters }}
    >
      <h2 className="mt-6 text-lg font-semibold text-gray-900">{`${STATUS_NAMES[status]}: ${page.total}`}</h2>
      {page.data.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-bloom-100 bg-white px-4 py-10 text-center text-gray-600">
          {EMPTY[status]}
        </p>
      ) : (
        <ul className="mt-4 grid gap-4" aria-label="Reviews">
          {page.data.map((review) => (
            <li
              key={review.id}
              className="rounded-2xl border border-bloom-100 bg-white p-5 shadow-sm"
              data-testid="admin-review"
            >
              <article aria-labelledby={`admin-review-${review.id}`}>
                <p className="text-sm text-gray-600">
                  <RowLink to={`/product/${review.product.slug}`}>{review.product.name}</RowLink>
                </p>
                <div className="mt-2 flex flex-wrap items-center gap-3">
                  <Stars rating={review.rating} visibleText />
                  {review.verified_purchase ? (
                    <span className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800">
                      Verified purchase
                    </span>
                  ) : null}
                </div>
                <h3 id={`admin-review-${review.id}`} className="mt-2 font-semibold text-gray-900">
                  {review.title}
                </h3>
                <p className="mt-1 whitespace-pre-wrap break-words text-gray-800">{review.body}</p>
                <p className="mt-2 text-sm text-gray-600">
                  {`By ${review.author_name}${review.user_id === null ? "" : ` (account #${review.user_id})`}, ${dateTime(review.created_at)}`}
                </p>
                <div className="mt-3 flex flex-wrap gap-2">
                  {MODERATIONS.filter((moderation) => moderation.status !== review.status).map((moderation) => (
                    <ModerationButton
                      key={moderation.status}
                      {...moderation}
                      id={review.id}
                      back={back}
                      title={review.title}
                    />
                  ))}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </AdminListPage>
  );
}

export const ErrorBoundary = adminPageError("Could not load the reviews");
