/** The characters React escapes in an attribute, as it writes them. */
const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&lt;": "<", "&gt;": ">" };

/**
 * The href of every <a> in a page's HTML as the server rendered it (React writes attributes in
 * double quotes), decoded, in order.
 */
export function hrefsIn(html: string): string[] {
  return [...html.matchAll(/<a\s[^>]*?\bhref="([^"]*)"/g)].map((match) =>
    match[1]!.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => ENTITIES[entity]!),
  );
}
