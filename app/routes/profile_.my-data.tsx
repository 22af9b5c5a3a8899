import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireViewer } from "~/http/pages/guards.server";
import { exportAccountData, exportFileName } from "~/services/account-rights.server";

/**
 * GET /profile/my-data: the signed-in shopper's data as a JSON file (docs/decisions/025). Reading
 * it changes nothing; it is theirs alone, never stored by a cache.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(context.app, request);
  const data = await exportAccountData(context.app.db, viewer.user.id);
  if (!data) throw new Response("Not Found", { status: 404 });
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName()}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
