import type { ReviewSummary as Summary } from "~/services/reviews.server";
import { ratingText, reviewCountText, Stars } from "./stars";

const STARS = ["5", "4", "3", "2", "1"] as const;

/**
 * The average, the number of reviews and how many gave each rating: a bar per rating, with its
 * numbers as text beside it (the bars themselves are decoration).
 */
export function ReviewSummary({ summary }: { summary: Summary }) {
  if (summary.count === 0)
    return <p className="mt-4 text-gray-700">No reviews yet. Be the first to share what you think.</p>;
  return (
    <div className="mt-4 grid gap-6 sm:grid-cols-[auto_1fr] sm:items-center">
      <div>
        <p className="font-display text-4xl font-bold text-gray-900" data-testid="reviews-average">
          {ratingText(summary.average)}
          <span className="text-lg font-normal text-gray-600"> out of 5</span>
        </p>
        <Stars rating={summary.average} average decorative size={20} className="mt-1" />
        <p
          className="mt-1 text-sm text-gray-700"
          data-testid="reviews-count"
        >{`Based on ${reviewCountText(summary.count)}`}</p>
      </div>
      <table className="w-full max-w-md text-sm">
        <caption className="sr-only">How many reviews gave each rating</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Rating</th>
            <th scope="col">Share</th>
            <th scope="col">Reviews</th>
          </tr>
        </thead>
        <tbody>
          {STARS.map((star) => {
            const n = summary.distribution[star];
            const percent = summary.count ? Math.round((n / summary.count) * 100) : 0;
            return (
              <tr key={star}>
                <th scope="row" className="whitespace-nowrap py-1 pr-3 text-left font-medium text-gray-800">
                  {`${star} ${star === "1" ? "star" : "stars"}`}
                </th>
                <td className="w-full py-1">
                  <span aria-hidden="true" className="block h-2.5 overflow-hidden rounded-full bg-gray-200">
                    <span className="block h-full rounded-full bg-amber-500" style={{ width: `${percent}%` }} />
                  </span>
                  <span className="sr-only">{`${percent}%`}</span>
                </td>
                <td className="whitespace-nowrap py-1 pl-3 text-right tabular-nums text-gray-700">{n}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
