import { createContext, useContext, type ReactNode } from "react";
import { partMarker, type PartName, type PartProps } from "~/lib/personal";

/**
 * Set to the render's nonce while the Worker renders a page to keep it whole (app/entry.server.tsx):
 * the visitor's parts then leave their place marked instead (docs/decisions/017).
 */
export const KeptRenderContext = createContext<string | null>(null);

/** The render's nonce when this render is a page to keep, else null. */
export function useKeptRender(): string | null {
  return useContext(KeptRenderContext);
}

/**
 * A visitor's part of a page (their cart, account links, hearts...): `children` in a page rendered
 * for a visitor; in a page rendered to be kept, a marker naming the part and its `props`, where the
 * Worker puts the part as the same component renders it for each visitor
 * (app/components/personal-parts.tsx). `children` must be that part, given these props. A part is
 * elements, never bare text: React would separate a text beside the marker with a comment.
 */
export function Personal<N extends PartName>({
  name,
  props,
  children,
}: {
  name: N;
  props: PartProps[N];
  children: ReactNode;
}) {
  const keeping = useKeptRender();
  return <>{keeping === null ? children : partMarker(keeping, name, props)}</>;
}
