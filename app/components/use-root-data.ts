import { useRouteLoaderData } from "@remix-run/react";
import type { loadRootData } from "~/http/pages/root-data.server";

/**
 * The root loader's data on any page: the site's settings, the toast, the visitor's cart, who is
 * looking, their CSRF token and saved products. Undefined only on an error page rendered without it.
 */
export const useRootData = () => useRouteLoaderData<typeof loadRootData>("root");
