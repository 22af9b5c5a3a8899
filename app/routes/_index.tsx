import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { ProductCard } from "~/components/product-card";
import { CACHE_SECONDS, FEATURED_PRODUCTS_DEFAULT_LIMIT } from "~/lib/constants";
import { listFeaturedProducts } from "~/services/products.server";
import type { loader as rootLoader } from "~/root";

export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  const featured = await app.cached(`products:featured:${FEATURED_PRODUCTS_DEFAULT_LIMIT}`, CACHE_SECONDS.products, () =>
    listFeaturedProducts(app.db, FEATURED_PRODUCTS_DEFAULT_LIMIT),
  );
  return json({ featured });
}

export default function Home() {
  const { featured } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <div className="mx-auto max-w-7xl px-4">
      <section className="py-16 text-center">
        <h1 className="font-display text-4xl font-bold text-bloom-700 sm:text-5xl">{root?.site.name ?? "Twistbloom"}</h1>
        {root?.site.description ? <p className="mx-auto mt-4 max-w-2xl text-lg text-gray-600">{root.site.description}</p> : null}
        <Link
          to="/products"
          className="mt-8 inline-block rounded-full bg-bloom-600 px-6 py-3 font-medium text-white hover:bg-bloom-700"
        >
          Shop all bouquets
        </Link>
      </section>
      <section aria-labelledby="featured-heading">
        <h2 id="featured-heading" className="font-display text-2xl font-bold text-gray-900">
          Featured bouquets
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-6 md:grid-cols-3 lg:grid-cols-4">
          {featured.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
