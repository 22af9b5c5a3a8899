import xss, { type IWhiteList } from "xss";

// js-xss is CommonJS: its named exports hang off the default export in every runtime.
const { FilterXSS, escapeAttrValue } = xss as unknown as typeof import("xss");

/**
 * Article HTML, sanitized with js-xss: a pure string parser (no DOM), so it runs the same in
 * Workers, Node and the browser. Only an allow-list of tags and attributes survives; scripts,
 * styles, iframes, forms and other embeddings are removed with their content; event handlers,
 * `style` and anything not listed are dropped; URLs must be http(s), mailto or site-relative.
 */
const ALLOWED: IWhiteList = {
  h2: ["id"],
  h3: ["id"],
  h4: ["id"],
  p: [],
  br: [],
  hr: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  small: [],
  mark: [],
  sub: [],
  sup: [],
  blockquote: ["cite"],
  q: ["cite"],
  cite: [],
  code: [],
  pre: [],
  kbd: [],
  ul: [],
  ol: ["start", "reversed"],
  li: [],
  dl: [],
  dt: [],
  dd: [],
  a: ["href", "title"],
  img: ["src", "alt", "title", "width", "height"],
  figure: [],
  figcaption: [],
  table: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ["scope", "colspan", "rowspan"],
  td: ["colspan", "rowspan"],
  caption: [],
  span: [],
  div: [],
  section: [],
  aside: [],
};

/** Tags dropped together with everything inside them. */
const DROP_WITH_CONTENT = ["script", "style", "iframe", "object", "embed", "noscript", "template", "svg", "math", "form", "textarea", "select", "button", "frame", "frameset", "applet", "xml"];

const SAFE_URL = /^(?:https?:\/\/|mailto:|\/(?!\/)|#|\.{0,2}\/?[\w-])/i;

/** Removes whitespace and control characters browsers ignore inside a scheme ("java\tscript:"). */
function normaliseUrl(value: string): string {
  return value.replace(/[\u0000-\u0020\u007f-\u009f]+/g, "").trim();
}

function safeUrl(value: string): string | null {
  const url = normaliseUrl(value);
  if (!url) return null;
  // A scheme other than http(s) or mailto ("javascript:", "data:", "vbscript:") is never allowed.
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  if (scheme && !["http", "https", "mailto"].includes(scheme[1]!.toLowerCase())) return null;
  return SAFE_URL.test(url) ? url : null;
}

const filter = new FilterXSS({
  whiteList: ALLOWED,
  stripIgnoreTag: true,
  stripIgnoreTagBody: DROP_WITH_CONTENT,
  allowCommentTag: false,
  css: false,
  safeAttrValue(_tag: string, name: string, value: string) {
    if (name === "href" || name === "src" || name === "cite") {
      const url = safeUrl(value);
      return url === null ? "" : escapeAttrValue(url);
    }
    if ((name === "width" || name === "height" || name === "colspan" || name === "rowspan" || name === "start") && !/^\d{1,4}$/.test(value)) return "";
    return escapeAttrValue(value);
  },
  onTagAttr(_tag: string, name: string, value: string) {
    // Dropping an empty href/src entirely is clearer than keeping `href=""`.
    if ((name === "href" || name === "src") && safeUrl(value) === null) return "";
    return undefined;
  },
});

export function sanitizeHtml(html: string): string {
  const clean = filter.process(html);
  // External links open safely.
  // js-xss leaves a "[removed]" marker where it cut out a tag left open; the reader needs none.
  return clean.replace(/\[removed\]/g, "").replace(/<a href="(https?:\/\/[^"]*)"/gi, '<a rel="noopener noreferrer nofollow" href="$1"');
}
