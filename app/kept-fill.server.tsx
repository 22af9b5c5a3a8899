import { renderToString } from "react-dom/server";
import { MarkupRouting } from "./components/shop-link";
import { PERSONAL_PARTS } from "./components/personal-parts";
import type { PartRenderer } from "./lib/personal";

/**
 * One visitor's part of a kept page, rendered alone by the same component that renders it in the
 * page (docs/decisions/017): the Worker joins it into the kept page's place for that visitor. A
 * part's links and forms render as in the page; the browser's router takes them over on hydration.
 */
export const renderPart: PartRenderer = (name, props, data) =>
  renderToString(<MarkupRouting>{PERSONAL_PARTS[name](props, data)}</MarkupRouting>);
