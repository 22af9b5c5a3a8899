import {
  BOOT_PART,
  GUEST,
  PART_DATA,
  readMarker,
  type PartName,
  type PartRenderer,
  type VisitorParts,
} from "./personal";

/**
 * A kept page (docs/decisions/017) cut, once, at its render's nonce: each piece after a nonce
 * either goes on from the nonce's own place (a script's or a style's attribute) or starts with a
 * visitor's part's marker (`<Personal>` in the components, `partMarker`). Filling it in for a
 * visitor is joining strings, each part rendered for them by the component that renders it in the
 * page, unless what it shows of them is what it showed a guest or a visitor before.
 *
 * The texts are kept as UTF-8 bytes, encoded once: a page's answer is a Blob of its bytes (copied
 * together natively), where joining its strings and encoding the result took a third of a
 * millisecond for every request.
 */
export interface KeptTemplate {
  /** The text between the places: one more than the places. */
  texts: Uint8Array<ArrayBuffer>[];
  places: Place[];
  /** The page for a visitor without cookies, cut at the nonce only: joined with each request's. */
  guest: Uint8Array<ArrayBuffer>[];
}

type Place =
  | { kind: "nonce" }
  | { kind: "boot" }
  | {
      kind: "part";
      name: PartName;
      props: unknown;
      /**
       * Its markup by what it shows of the visitor (their data's JSON): a guest's, rendered once per
       * kept copy, and the first few others' (an account's links, a count, a saved heart recur).
       */
      renders: Map<string, Uint8Array<ArrayBuffer>>;
    };

const isPart = (name: string): name is PartName => Object.hasOwn(PART_DATA, name);

/**
 * Cuts a kept page (its text between its render's nonces) at its places, a guest's parts rendered
 * in. Null when a marker is not one this build knows: the page is then rendered for the visitor.
 */
export function compileKeptTemplate(pieces: string[], render: PartRenderer): KeptTemplate | null {
  const texts = [pieces[0]!];
  const places: Place[] = [];
  // The guest's page, cut at the nonce only: each cut's texts.
  const guest: string[][] = [[pieces[0]!]];
  for (const piece of pieces.slice(1)) {
    let marker: ReturnType<typeof readMarker>;
    try {
      marker = readMarker(piece);
    } catch {
      return null;
    }
    if (!marker) {
      places.push({ kind: "nonce" });
      texts.push(piece);
      guest.push([piece]);
    } else if (marker.name === BOOT_PART) {
      places.push({ kind: "boot" });
      texts.push(marker.rest);
      guest.at(-1)!.push(marker.rest);
    } else if (isPart(marker.name)) {
      const data = partData(marker.name, marker.props, GUEST);
      const guestHtml = renderAs(render, marker.name, marker.props, data);
      const renders = new Map([[JSON.stringify(data), encoder.encode(guestHtml)]]);
      places.push({ kind: "part", name: marker.name, props: marker.props, renders });
      texts.push(marker.rest);
      guest.at(-1)!.push(guestHtml, marker.rest);
    } else {
      return null;
    }
  }
  return {
    texts: texts.map((text) => encoder.encode(text)),
    places,
    guest: guest.map((chunks) => encoder.encode(chunks.join(""))),
  };
}

const encoder = new TextEncoder();
/** How many renders of a place a kept copy keeps (the guest's among them). */
const RENDERS_KEPT = 8;

/** What a marked part shows of a visitor (its props come from the marker, as the page gave them). */
function partData(name: PartName, props: unknown, visitor: VisitorParts): unknown {
  return (PART_DATA[name] as (visitor: VisitorParts, props: unknown) => unknown)(visitor, props);
}

function renderAs(render: PartRenderer, name: PartName, props: unknown, data: unknown): string {
  return (render as (name: PartName, props: unknown, data: unknown) => string)(name, props, data);
}

/** The page for a visitor without cookies, with this request's nonce: its bytes, in order. */
export function guestPage(template: KeptTemplate, nonce: string): Uint8Array<ArrayBuffer>[] {
  const between = encoder.encode(nonce);
  const chunks = [template.guest[0]!];
  for (const text of template.guest.slice(1)) chunks.push(between, text);
  return chunks;
}

/**
 * The page for this visitor, its bytes in order: the kept text with their parts in their places,
 * `boot` appended to the boot script (their data for hydration, or "").
 */
export function fillKeptTemplate(
  template: KeptTemplate,
  fill: { nonce: string; boot: string; visitor: VisitorParts },
  render: PartRenderer,
): Uint8Array<ArrayBuffer>[] {
  const { texts, places } = template;
  const nonce = encoder.encode(fill.nonce);
  const chunks = [texts[0]!];
  for (let i = 0; i < places.length; i++) {
    const place = places[i]!;
    if (place.kind === "nonce") chunks.push(nonce);
    else if (place.kind === "boot") chunks.push(encoder.encode(fill.boot));
    else {
      const data = partData(place.name, place.props, fill.visitor);
      const key = JSON.stringify(data);
      let html = place.renders.get(key);
      if (!html) {
        html = encoder.encode(renderAs(render, place.name, place.props, data));
        if (place.renders.size < RENDERS_KEPT) place.renders.set(key, html);
      }
      chunks.push(html);
    }
    chunks.push(texts[i + 1]!);
  }
  return chunks;
}
