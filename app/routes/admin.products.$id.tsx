import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ProductForm } from "~/components/admin/product-form";
import { AdminPage, backTo, subjectError, subjectMeta } from "~/components/admin/admin-page";
import { AdminCard, dangerButton, dateTime, secondaryButton } from "~/components/admin/ui";
import type { AdminSubject } from "~/lib/admin-list";
import { parseId } from "~/lib/ids";
import { PRODUCT_MESSAGES, VARIANT_INTENTS, type VariantIntent } from "~/lib/schemas/admin-products";
import { productFormData, setProductArchived } from "~/services/admin/products.server";
import { readStaffForm } from "~/http/pages/uploads.server";
import type { FormFailure } from "~/http/pages/forms.server";
import { loadSubject, privateJson, subjectAction } from "~/http/pages/admin-pages.server";
import { saveProductForm } from "~/http/pages/product-form.server";
import { StaffChanges } from "~/components/admin/staff-changes";
import { buttonError } from "~/http/pages/forms.server";
import { saveOptionsForm, saveVariantsForm } from "~/http/pages/product-variants.server";
import { ProductOptionsCard, ProductVariantsCard } from "~/components/admin/product-variants";
import { unitPriceCents } from "~/lib/money";
import { optionsLabel, type OptionValues } from "~/lib/variants";
import { waitingByVariant } from "~/services/stock-alerts.server";

const isVariantIntent = (intent: string | undefined): intent is VariantIntent =>
  (VARIANT_INTENTS as readonly string[]).includes(intent ?? "");

const products: AdminSubject = {
  path: "/admin/products",
  back: "Back to products",
  missing: PRODUCT_MESSAGES.notFound,
};

export const meta = subjectMeta<typeof loader>(products, (data) => data.product.name);

/**
 * One product (archived ones too) with every field, its images, its category's options and its audit
 * trail, and how many shoppers wait for each of its variants to be back in stock.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { found } = await loadSubject(args, products, parseId(args.params.id), async (db, id) => {
    const [{ product, categories }, waiting] = await Promise.all([productFormData(db, id), waitingByVariant(db, id)]);
    return product ? { product, categories, waiting } : null;
  });
  return privateJson(found);
}

/**
 * `intent=save` (the form, multipart), `intent=archive` or `intent=restore` (a button with the
 * version it showed), `intent=options` (the Options form), `intent=variants|generate|set_price|set_stock`
 * (the Variants form): each redirects back with a toast; a refused save shows its form again.
 */
export async function action(args: ActionFunctionArgs) {
  const { app, actor, id, here, toast, notFound } = await subjectAction(args, products, parseId(args.params.id));
  const submitted = await readStaffForm(args.request);
  const { values } = submitted;
  const intent = values.intent;
  try {
    if (intent === "archive" || intent === "restore") {
      const version = /^\d+$/.test(values.version ?? "") ? Number(values.version) : undefined;
      const product = await setProductArchived(app.db, actor, id, intent === "archive", version);
      return toast.redirectWithSuccess(
        here,
        intent === "archive"
          ? `${product.name} is archived: it has left the shop.`
          : `${product.name} is restored: it is back in the shop.`,
      );
    }
    if (intent === "options") {
      const saved = await saveOptionsForm(app, actor, id, values);
      return saved.ok ? toast.redirectWithSuccess(here, `Options of ${saved.product.name} saved.`) : saved.response;
    }
    if (isVariantIntent(intent)) {
      const saved = await saveVariantsForm(app, actor, id, values, intent);
      if (!saved.ok) return saved.response;
      return toast.redirectWithSuccess(
        here,
        intent !== "generate"
          ? `Variants of ${saved.product.name} saved.`
          : saved.added
            ? `${saved.added} ${saved.added === 1 ? "variant" : "variants"} generated: set their prices and stock.`
            : "Every combination already has a variant.",
      );
    }
    if (intent !== "save") return toast.redirectWithError(here, "That action is not available for this product.");
    const saved = await saveProductForm(app, actor, submitted, id);
    if (!saved.ok) return saved.response;
    return toast.redirectWithSuccess(here, `Product ${saved.product.name} saved.`);
  } catch (error) {
    return buttonError(error, { toast, here, notFound });
  }
}

function ArchiveButton({ archived, version }: { archived: boolean; version: number }) {
  const navigation = useNavigation();
  const intent = archived ? "restore" : "archive";
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version} />
      <button
        type="submit"
        className={archived ? secondaryButton : dangerButton}
        disabled={navigation.state !== "idle"}
        aria-busy={busy || undefined}
      >
        {archived ? "Restore" : "Archive"}
      </button>
    </Form>
  );
}

/** "Back in stock" requests confirmed and not yet mailed, per variant ("Colour: Blush: 3 waiting"). */
function WaitingCard({
  variants,
  waiting,
}: {
  variants: Array<{ id: number; options: OptionValues }>;
  waiting: Record<number, number>;
}) {
  const rows = Object.entries(waiting).map(([id, count]) => {
    const options = variants.find((variant) => variant.id === Number(id))?.options ?? {};
    return { id, label: optionsLabel(options) || "This product", count };
  });
  return (
    <AdminCard id="waiting-heading" title="Waiting for stock">
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-gray-600">Nobody is waiting to be told it is back.</p>
      ) : (
        <ul className="mt-3 grid gap-1 text-sm" data-testid="waiting">
          {rows.map((row) => (
            <li key={row.id} className="text-gray-900">
              {`${row.label}: ${row.count} waiting`}
            </li>
          ))}
        </ul>
      )}
    </AdminCard>
  );
}

export default function AdminProductPage() {
  const { product, categories, waiting } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const archived = !product.is_active;
  // The form that was refused shows what was typed; the others show the product as it is.
  const typedIn = (intents: readonly string[]) =>
    failure && intents.includes(failure.values.intent ?? "") ? failure.values : undefined;
  const errors = failure?.errors ?? {};
  return (
    <AdminPage
      toast={failure?.toast ?? null}
      back={backTo(products)}
      title={product.name}
      description={
        archived ? (
          <>Archived {dateTime(product.archived_at)}: it is not in the shop; past orders still show it.</>
        ) : (
          <>
            In the shop at{" "}
            <Link to={`/product/${product.slug}`} className="text-bloom-700 underline">
              /product/{product.slug}
            </Link>
          </>
        )
      }
      actions={<ArchiveButton archived={archived} version={product.version} />}
    >
      <div className="mt-2 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="grid min-w-0 gap-6">
          <ProductForm
            key={`${product.version}-${failure?.toast.id ?? ""}`}
            product={product}
            categories={categories}
            errors={typedIn(["save"]) ? errors : undefined}
            typed={typedIn(["save"])}
            submitLabel="Save product"
            variantsSet={
              product.options.length
                ? { fromCents: unitPriceCents(product.price_cents, product.sale_price_cents) }
                : null
            }
          />
          <ProductOptionsCard
            key={`options-${product.version}-${failure?.toast.id ?? ""}`}
            options={product.options}
            version={product.version}
            errors={errors}
            typed={typedIn(["options"])}
          />
          <ProductVariantsCard
            key={`variants-${product.version}-${failure?.toast.id ?? ""}`}
            options={product.options}
            variants={product.variants}
            version={product.version}
            errors={errors}
            typed={typedIn(VARIANT_INTENTS)}
          />
        </div>
        <div className="mt-6 grid h-fit gap-6">
          <WaitingCard variants={product.variants} waiting={waiting} />
          <StaffChanges
            id="product-audit"
            title="Staff changes"
            entries={product.audit}
            empty="No staff changes yet."
            withEmail
          />
        </div>
      </div>
    </AdminPage>
  );
}

export const ErrorBoundary = subjectError(products, {
  gone: "There is no product with this number.",
  failed: "Could not load this product",
});
