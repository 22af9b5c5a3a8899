import { Fragment } from "react";
import type { MarkedText } from "~/lib/search";

/** A search result's text with its matched words in <mark> (the pieces come marked from the index). */
export function Marked({ pieces }: { pieces: MarkedText[] }) {
  return (
    <>
      {pieces.map((piece, index) =>
        piece.mark ? (
          <mark key={index} className="rounded-sm bg-amber-100 text-inherit">
            {piece.text}
          </mark>
        ) : (
          <Fragment key={index}>{piece.text}</Fragment>
        ),
      )}
    </>
  );
}
