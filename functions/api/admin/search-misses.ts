import { z } from "zod";
import { MISSES_DAYS, MISSES_SHOWN } from "../../../app/services/search.server";
import { searchMissesNow } from "../../../app/http/search.server";
import { ok } from "../http";
import { apiApp } from "../openapi";
import { staffRoute } from "./route";

const SearchMissSchema = z
  .object({
    terms: z.string().meta({ description: "The words searched (never who searched)." }),
    searches: z.number().int(),
    last_searched: z.string().meta({ format: "date", description: "The last day (UTC) it was searched." }),
  })
  .meta({ id: "SearchMiss" });

/** GET /api/admin/search-misses: what shoppers searched for and did not find. */
export const searchMissesApi = staffRoute(
  apiApp(),
  {
    method: "get",
    path: "/",
    summary: "The searches that found nothing",
    description: `The ${MISSES_SHOWN} searches that found nothing most often in the last ${MISSES_DAYS} days (UTC), most first: what to stock, or to name as shoppers do.`,
    data: z.array(SearchMissSchema),
    answer: "The searches, most first.",
  },
  async (c) => ok(c, await searchMissesNow(c.var.app.db)),
);
