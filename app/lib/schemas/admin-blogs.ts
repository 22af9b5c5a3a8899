import { z } from "zod";
import { slugify } from "../slug";
import { booleanInput, checkedSlug } from "./fields";
import { BLOG_DIFFICULTIES, BLOG_PAGE_SIZE, MAX_PAGE_SIZE, UPLOADS_PATH } from "../constants";
import { adminPaging } from "./admin";
import { enumParam, integerParam, searchParam } from "./query";

/**
 * Tutorials in the back office (`/admin/blogs`, `/api/admin/blogs`) and the spec's public tutorial
 * calls (`/api/blogs/featured`, `/recent`, `/search`, `/tags`): one source for the pages' forms and
 * the API's query strings and bodies.
 */

export const BLOG_STATUSES = ["draft", "published"] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

export const BLOG_LIMITS = {
  title: 200,
  slug: 200,
  excerpt: 1000,
  content: 200_000,
  authorName: 100,
  metaTitle: 200,
  metaDescription: 500,
  metaKeywords: 500,
  image: 500,
  tags: 20,
  tag: 40,
  categories: 20,
  relatedProducts: 12,
} as const;

/** Words a reader gets through in a minute of a crafting tutorial (the seed's reading times are this rate). */
export const READING_WORDS_PER_MINUTE = 150;

export const BLOG_MESSAGES = {
  titleRequired: "The title field is required.",
  slugFormat: "The slug may only contain lowercase letters, numbers and single hyphens.",
  slugTaken: "The slug has already been taken.",
  difficultyInvalid: `The difficulty must be ${BLOG_DIFFICULTIES.slice(0, -1).join(", ")} or ${BLOG_DIFFICULTIES.at(-1)}.`,
  statusInvalid: "The status must be draft or published.",
  imageInvalid: "The featured image must be an uploaded image, an image of the shop or an http(s) URL.",
  tagsInvalid: `Give at most ${BLOG_LIMITS.tags} tags of at most ${BLOG_LIMITS.tag} characters each, separated by commas.`,
  categoriesInvalid: "The categories must be a list of category ids.",
  categoryUnknown: "The selected category is invalid.",
  productsInvalid: "The related products must be a list of product ids.",
  productUnknown: "The selected related product is invalid.",
  featuredBoolean: "The featured field must be true or false.",
  stale: "This tutorial was changed by someone else since you opened it. Reload it and try again.",
  notFound: "Tutorial not found",
  queryRequired: "The q field is required.",
} as const;

// ---------------------------------------------------------------- slugs

/** The slug made from a title: accents dropped, anything else between words a hyphen ("Crème Brûlée Roses!" -> "creme-brulee-roses"). */
export function slugFromTitle(title: string): string {
  return slugify(title, BLOG_LIMITS.slug) || "tutorial";
}

// ---------------------------------------------------------------- lists

/** GET /api/admin/blogs and the list page: search (title, slug, excerpt), status, pages. */
export const AdminBlogQuerySchema = z.object({
  search: searchParam("search", 100),
  status: enumParam("status", BLOG_STATUSES),
  ...adminPaging,
});
export type AdminBlogQuery = z.output<typeof AdminBlogQuerySchema>;

/** How many posts `/api/blogs/featured` and `/api/blogs/recent` give without a `limit`. */
export const FEATURED_BLOGS_DEFAULT_LIMIT = 3;
export const RECENT_BLOGS_DEFAULT_LIMIT = 5;

export const FeaturedBlogsQuerySchema = z.object({
  limit: integerParam("limit", { fallback: FEATURED_BLOGS_DEFAULT_LIMIT, clampTo: MAX_PAGE_SIZE }),
});
export const RecentBlogsQuerySchema = z.object({
  limit: integerParam("limit", { fallback: RECENT_BLOGS_DEFAULT_LIMIT, clampTo: MAX_PAGE_SIZE }),
});

// ---------------------------------------------------------------- the body

/** Text that may be left out; trimmed; `max` characters at most. */
const text = (field: string, max: number) =>
  z
    .string({ error: `The ${field} must be text.` })
    .transform((value) => value.trim())
    .pipe(z.string().max(max, { error: `The ${field} may not be greater than ${max} characters.` }));

/** Optional text where empty means none (null). */
const optionalText = (field: string, max: number) =>
  z
    .union([z.null(), text(field, max)], { error: `The ${field} must be text.` })
    .transform((value) => (value ? value : null))
    .meta({ type: ["string", "null"] });

const titleInput = z
  .unknown()
  .transform((value, ctx) => {
    const title = typeof value === "string" ? value.trim() : "";
    if (!title) {
      ctx.addIssue({ code: "custom", message: BLOG_MESSAGES.titleRequired });
      return z.NEVER;
    }
    if (title.length > BLOG_LIMITS.title) {
      ctx.addIssue({ code: "custom", message: `The title may not be greater than ${BLOG_LIMITS.title} characters.` });
      return z.NEVER;
    }
    return title;
  })
  .meta({ type: "string", maxLength: BLOG_LIMITS.title });

/** Empty or absent: made from the title. */
const slugInput = z
  .union([z.null(), z.string()], { error: BLOG_MESSAGES.slugFormat })
  .transform((value, ctx) => {
    const slug = (value ?? "").trim();
    if (!slug) return null;
    return checkedSlug(slug, BLOG_LIMITS.slug, BLOG_MESSAGES.slugFormat, ctx);
  })
  .meta({ type: ["string", "null"], description: "Empty or absent: made from the title (unique)." });

const difficultyInput = z.enum(BLOG_DIFFICULTIES, { error: BLOG_MESSAGES.difficultyInvalid });
const statusInput = z.enum(BLOG_STATUSES, { error: BLOG_MESSAGES.statusInvalid });

/** An image of ours (an upload, a file of the shop's `/images/`) or an http(s) URL; empty is none. */
const imageInput = z
  .union([z.null(), z.string()], { error: BLOG_MESSAGES.imageInvalid })
  .transform((value, ctx) => {
    const url = (value ?? "").trim();
    if (!url) return null;
    const ours = url.startsWith(UPLOADS_PATH) || url.startsWith("/images/");
    if (
      url.length > BLOG_LIMITS.image ||
      !(ours ? /^\/[\w./-]+$/.test(url) && !url.includes("..") : /^https?:\/\/[^\s"'<>]+$/i.test(url))
    ) {
      ctx.addIssue({ code: "custom", message: BLOG_MESSAGES.imageInvalid });
      return z.NEVER;
    }
    return url;
  })
  .meta({ type: ["string", "null"] });

/** A list, or one comma-separated string (a form's text box). */
const listOf = (value: unknown): unknown[] | null => {
  if (Array.isArray(value)) return value;
  if (typeof value === "string")
    return value
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
  if (typeof value === "number") return [value];
  return null;
};

/** Tags: lowercase words, without blanks or repeats, in the order given. */
const tagsInput = z
  .unknown()
  .transform((value, ctx) => {
    const list = value === null ? [] : listOf(value);
    if (!list || list.some((tag) => typeof tag !== "string")) {
      ctx.addIssue({ code: "custom", message: BLOG_MESSAGES.tagsInvalid });
      return z.NEVER;
    }
    const tags = [
      ...new Set((list as string[]).map((tag) => tag.replace(/\s+/g, " ").trim().toLowerCase()).filter(Boolean)),
    ];
    if (tags.length > BLOG_LIMITS.tags || tags.some((tag) => tag.length > BLOG_LIMITS.tag)) {
      ctx.addIssue({ code: "custom", message: BLOG_MESSAGES.tagsInvalid });
      return z.NEVER;
    }
    return tags;
  })
  .meta({ type: "array", items: { type: "string", maxLength: BLOG_LIMITS.tag }, maxItems: BLOG_LIMITS.tags });

/** Row ids: numbers or digit strings, without repeats, in the order given. */
const idsInput = (message: string, max: number) =>
  z
    .unknown()
    .transform((value, ctx) => {
      const list = value === null ? [] : listOf(value);
      const ids = list?.map((id) =>
        typeof id === "number" ? id : typeof id === "string" && /^\d{1,9}$/.test(id.trim()) ? Number(id) : NaN,
      );
      if (!ids || ids.some((id) => !Number.isSafeInteger(id) || id < 1)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      const unique = [...new Set(ids)];
      if (unique.length > max) {
        ctx.addIssue({ code: "custom", message: `${message.replace(/\.$/, "")} (at most ${max}).` });
        return z.NEVER;
      }
      return unique;
    })
    .meta({ type: "array", items: { type: "integer" }, maxItems: max });

const versionInput = z.coerce
  .number({ error: "The version must be a whole number." })
  .int({ error: "The version must be a whole number." })
  .min(1, { error: "The version must be at least 1." })
  .meta({
    type: "integer",
    description: "The version the client last saw: a change made since is a 409, not overwritten.",
  });

/** Every field a tutorial's body may carry, each optional (a PUT changes what it names). */
const fields = {
  title: titleInput,
  slug: slugInput.optional(),
  excerpt: text("excerpt", BLOG_LIMITS.excerpt).optional(),
  content: z
    .string({ error: "The content must be text (HTML)." })
    .max(BLOG_LIMITS.content, { error: `The content may not be greater than ${BLOG_LIMITS.content} characters.` })
    .optional()
    .meta({ description: "HTML: sanitized when saved (no script, event handler or javascript: URL is kept)." }),
  featured_image: imageInput.optional(),
  difficulty: difficultyInput.optional(),
  tags: tagsInput.optional(),
  category_ids: idsInput(BLOG_MESSAGES.categoriesInvalid, BLOG_LIMITS.categories).optional(),
  related_product_ids: idsInput(BLOG_MESSAGES.productsInvalid, BLOG_LIMITS.relatedProducts).optional(),
  is_featured: booleanInput(BLOG_MESSAGES.featuredBoolean).optional(),
  author_name: optionalText("author name", BLOG_LIMITS.authorName).optional(),
  meta_title: optionalText("meta title", BLOG_LIMITS.metaTitle).optional(),
  meta_description: optionalText("meta description", BLOG_LIMITS.metaDescription).optional(),
  meta_keywords: optionalText("meta keywords", BLOG_LIMITS.metaKeywords).optional(),
};

/** The fields staff edit on a tutorial, in the wire's names (its status and version apart). */
export type BlogField = keyof typeof fields;

/** POST /api/admin/blogs and the new tutorial's form: a title at least; a draft unless `status` says published. */
export const BlogCreateSchema = z.object({ ...fields, status: statusInput.optional() });
export type BlogCreateInput = z.output<typeof BlogCreateSchema>;

/** PUT /api/admin/blogs/{id} and the tutorial's form: what is given changes, the rest stays. */
export const BlogUpdateSchema = z.object({ ...fields, title: titleInput.optional(), version: versionInput.optional() });
export type BlogUpdateInput = z.output<typeof BlogUpdateSchema>;

/** DELETE and PATCH .../toggle-status: the version the client saw, optional. */
export const BlogVersionSchema = z.object({ version: versionInput.optional() });

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** An article's words without its markup: what the search index reads (docs/decisions/031). */
export function textOfHtml(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&([a-z0-9#]+);/gi, (entity, name: string) => ENTITIES[name.toLowerCase()] ?? " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The words of an article's HTML, for its reading time. */
export function readingTimeOf(html: string): number {
  const words = textOfHtml(html)
    .split(" ")
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.ceil(words / READING_WORDS_PER_MINUTE));
}

/** GET /api/blogs/search?q=: the published posts whose title, excerpt or a tag contains `q`, in pages. */
export const BlogSearchQuerySchema = z.object({
  q: searchParam("q", 100).transform((value, ctx) => {
    if (value === undefined) {
      ctx.addIssue({ code: "custom", message: BLOG_MESSAGES.queryRequired });
      return z.NEVER;
    }
    return value;
  }),
  page: integerParam("page", { fallback: 1 }),
  per_page: integerParam("per_page", { fallback: BLOG_PAGE_SIZE, clampTo: MAX_PAGE_SIZE }),
});
