import type { FormEvent } from "react";
import type { PartProps } from "~/lib/personal";

/**
 * A tutorial's Like, liked by this visitor or not: `liked=true` likes, `liked=false` unlikes; a
 * plain form post to the article's page that comes back there. The visitor's part of a page the
 * edge keeps whole (docs/decisions/017).
 */
export function LikeForm({
  blogId,
  action,
  liked,
  onSubmit,
}: PartProps["like"] & { liked: boolean; onSubmit?: (event: FormEvent<HTMLFormElement>) => void }) {
  return (
    <form method="post" action={action} noValidate data-like="" onSubmit={onSubmit}>
      <input type="hidden" name="blog_id" value={blogId} />
      <input type="hidden" name="liked" value={liked ? "false" : "true"} />
      <button
        type="submit"
        aria-pressed={liked}
        className={`inline-flex items-center gap-2 rounded-full border px-5 py-2 font-medium ${liked ? "border-bloom-600 bg-bloom-600 text-white hover:bg-bloom-700" : "border-bloom-300 text-bloom-700 hover:bg-bloom-50"}`}
      >
        <span aria-hidden="true">{liked ? "♥" : "♡"}</span>
        {liked ? "Liked" : "Like"}
      </button>
    </form>
  );
}
