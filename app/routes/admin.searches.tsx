import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { adminPageError, adminPageMeta } from "~/components/admin/admin-page";
import { AdminListPage } from "~/components/admin/list-page";
import { loadAdminPage } from "~/http/pages/admin-pages.server";
import { searchMissesNow } from "~/http/search.server";
import { MISSES_DAYS, MISSES_SHOWN } from "~/services/search.server";

export const meta = adminPageMeta("Searches", "/admin/searches");

export const loader = (args: LoaderFunctionArgs) =>
  loadAdminPage(args, async (db) => ({ misses: await searchMissesNow(db), days: MISSES_DAYS, shown: MISSES_SHOWN }));

/** What shoppers searched for and did not find: the words only, never who searched. */
export default function AdminSearches() {
  const { misses, days, shown } = useLoaderData<typeof loader>();
  return (
    <AdminListPage
      title="Searches"
      description={`What shoppers searched for and did not find in the last ${days} days (the ${shown} most searched, UTC days). Each is a bouquet to stock, or a word to add to a product's name or description. Only the words are kept, never who searched.`}
      table={{
        caption: "Searches that found nothing, most searched first",
        rows: misses.map((miss) => ({ ...miss, id: miss.terms })),
        empty: "No search has come up empty lately.",
        columns: [
          // Not a link to the search: staff trying it would count it again.
          { head: "Words", render: (miss) => miss.terms },
          { head: "Searches", render: (miss) => miss.searches },
          { head: "Last searched", className: "whitespace-nowrap", render: (miss) => miss.last_searched },
        ],
      }}
    />
  );
}

export const ErrorBoundary = adminPageError("Could not load the searches");
