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
const DROP_WITH_CONTENT = [
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "noscript",
  "template",
  "svg",
  "math",
  "form",
  "textarea",
  "select",
  "button",
  "frame",
  "frameset",
  "applet",
  "xml",
];

const SAFE_URL = /^(?:https?:\/\/|mailto:|\/(?!\/)|#|\.{0,2}\/?[\w-])/i;

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  colon: ":",
  tab: "\t",
  newline: "\n",
  sol: "/",
  bsol: "\\",
  quest: "?",
  equals: "=",
  num: "#",
  percnt: "%",
  period: ".",
  comma: ",",
  lpar: "(",
  rpar: ")",
  excl: "!",
  commat: "@",
  plus: "+",
  semi: ";",
  nbsp: "\u00a0",
};

/**
 * An attribute value as the browser reads it: character references decoded ("&#106;", "&#x6A",
 * "&colon;", "&Tab;"), so "jav&#x09;ascript:" or "javascript&colon;" are seen for what they are.
 * URLs are checked on this text and written back from it, escaped again, so the browser ends up
 * with exactly the text that was checked.
 */
function decodeEntities(value: string): string {
  return value.replace(
    /&(?:#x([0-9a-f]+)|#(\d+)|([a-z]+));?/gi,
    (whole, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
      if (name !== undefined) return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
      const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd";
    },
  );
}

/** Text safe inside a double-quoted attribute, every "&" written as "&amp;". */
function escapeUrlAttr(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Removes whitespace and control characters browsers ignore inside a scheme ("java\tscript:"). */
function normaliseUrl(value: string): string {
  return value.replace(/[\u0000-\u0020\u007f-\u009f]+/g, "").trim();
}

function safeUrl(value: string): string | null {
  const url = normaliseUrl(decodeEntities(value));
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
      return url === null ? "" : escapeUrlAttr(url);
    }
    if (
      (name === "width" || name === "height" || name === "colspan" || name === "rowspan" || name === "start") &&
      !/^\d{1,4}$/.test(value)
    )
      return "";
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
  // js-xss leaves a "[removed]" marker where it cut out a tag left open; the reader needs none.
  // External links open safely, whatever the order of their attributes (`<a title="…" href="https://…">` too).
  return clean
    .replace(/\[removed\]/g, "")
    .replace(/<a\s([^>]*\bhref="https?:\/\/[^>]*)>/gi, '<a rel="noopener noreferrer nofollow" $1>');
}
