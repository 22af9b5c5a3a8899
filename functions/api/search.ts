import { z } from "zod";
import { cachedAnswers } from "../../app/http/cache-entries.server";
import { searchForShopper } from "../../app/http/search.server";
import { SearchQuerySchema, SuggestQuerySchema } from "../../app/lib/schemas/search";
import { SEARCH_MESSAGES, SUGGESTIONS_MAX } from "../../app/lib/search";
import { suggest } from "../../app/services/search.server";
import { PageMetaShape } from "../../app/services/serializers/page";
import { ProductListItemSchema } from "../../app/services/serializers/product";
import { cachePublic, ok, parseQuery } from "./http";
import { apiApp, errors, json, mount, success } from "./openapi";
import { BlogCardSchema } from "./schemas";

const tags = ["Search"];

const MarkedSchema = z
  .array(z.object({ text: z.string(), mark: z.boolean() }))
  .meta({ id: "MarkedText", description: "A text in pieces; `mark`: a matched word (render it marked)." });

const SearchSchema = z
  .object({
    query: z.string().meta({ description: "The words searched." }),
    corrected: z.string().nullable().meta({
      description: "When nothing matched the words as typed: the words a typo meant, whose results these are.",
    }),
    products: z.object({
      data: z.array(ProductListItemSchema.extend({ name_marked: MarkedSchema, snippet: MarkedSchema })),
      pagination: z.object(PageMetaShape),
    }),
    tutorials: z.object({
      data: z.array(BlogCardSchema.extend({ title_marked: MarkedSchema, snippet: MarkedSchema })),
      total: z.number().int(),
    }),
    categories: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        slug: z.string(),
        url: z.string(),
        image: z.string(),
        name_marked: MarkedSchema,
      }),
    ),
    facets: z.object({
      categories: z.array(
        z.object({ slug: z.string(), name: z.string(), count: z.number().int(), selected: z.boolean() }),
      ),
      prices: z.array(
        z.object({
          min: z.number(),
          max: z.number().nullable(),
          count: z.number().int(),
          selected: z.boolean(),
        }),
      ),
      on_sale: z.object({ count: z.number().int(), selected: z.boolean() }),
    }),
  })
  .meta({ id: "CatalogueSearch" });

const SuggestionsSchema = z
  .object({
    query: z.string(),
    suggestions: z.array(
      z.object({
        type: z.enum(["product", "category", "tutorial"]),
        title: z.string(),
        title_marked: MarkedSchema,
        url: z.string(),
        image: z.string(),
        price: z.number().nullable().meta({ description: "A product's (lowest) price in currency units." }),
      }),
    ),
  })
  .meta({ id: "Suggestions" });

/** `message` says when `q` was cut to the spec's limit. */
const shortenedMessage = (shortened: boolean) => (shortened ? { message: SEARCH_MESSAGES.shortened } : {});

export const searchApi = apiApp();
mount(
  searchApi,
  {
    method: "get",
    path: "/",
    tags,
    summary: "Search products, tutorials and categories (the search page's answer)",
    description:
      "Whatever `q` holds is words (quotes, `*`, `-`, brackets, `NEAR` are no syntax); a `q` over 100 characters is cut, and `message` says so. Ranked; the last word also matches as a prefix; when nothing matches, the words a typo meant are searched (`corrected`). Facets: `category` (slugs, repeated or comma-separated), `min_price`, `max_price`, `on_sale`; `data` is null when `q` has no word. A search that finds nothing is counted (the words only) for the back office. Never cached.",
    request: { query: SearchQuerySchema },
    responses: {
      200: json(success(SearchSchema.nullable(), { message: z.string().optional() }), "The results."),
      ...errors(422),
    },
  },
  async (c) => {
    const query = parseQuery(c, SearchQuerySchema);
    const found = await searchForShopper(c.var.app, query);
    c.header("Cache-Control", "no-store");
    return ok(c, found, shortenedMessage(query.q.shortened));
  },
);
mount(
  searchApi,
  {
    method: "get",
    path: "/suggest",
    tags,
    summary: `Up to ${SUGGESTIONS_MAX} suggestions while typing`,
    description:
      "Products, categories and tutorials whose titles match the words typed so far (the last as a prefix), with their image and a product's price. An empty `q` gives none; one over 100 characters is cut, and `message` says so. Edge-cached until the catalogue or the tutorials change.",
    request: { query: SuggestQuerySchema },
    responses: {
      200: json(success(SuggestionsSchema, { message: z.string().optional() }), "The suggestions."),
    },
  },
  async (c) => {
    const query = parseQuery(c, SuggestQuerySchema);
    const answer = await suggest(c.var.app.db, query.q.text);
    cachePublic(c, cachedAnswers.suggestions, answer);
    return ok(c, answer, shortenedMessage(query.q.shortened));
  },
);
