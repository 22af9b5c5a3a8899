import { log } from "~/services/log.server";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useRef, useState } from "react";
import { FieldError } from "~/components/field-error";
import { ErrorAlert, submitButtonClass, TextField, useLiveValidation, type FieldErrors } from "~/components/form";
import { CountryField, PersonField, PersonFields } from "~/components/person-fields";
import { Img } from "~/components/img";
import { AddonsChecklist } from "~/components/addons-checklist";
import { Panel, SummaryPanel } from "~/components/section";
import { EmptyCart } from "~/components/empty-cart";
import { OrderTotals } from "~/components/order-totals";
import { Price } from "~/components/price";
import { Toaster, type Toast } from "~/components/toaster";
import { tickedAddons, withAddons, type CartLine } from "~/lib/cart";
import { taxLabel } from "~/lib/checkout";
import { DEFAULT_COUNTRY } from "~/lib/constants";
import type { Currency } from "~/lib/money";
import { makeToast } from "~/lib/toast";
import { CHECKOUT_MESSAGES } from "~/lib/form-messages";
import { idList } from "~/lib/schemas/cart";
import { CheckoutPageSchema, IdempotencyKeySchema, SELF_EXPLAINED_FIELDS } from "~/lib/schemas/checkout";
import { loneMessage } from "~/lib/schemas/field-errors";
import { optionsLabel } from "~/lib/variants";
import { fieldErrors } from "~/lib/schemas/query";
import { noindexMeta } from "~/lib/seo";
import { cartSetCookie, readCartLines } from "~/http/pages/cart-cookie.server";
import { cachedCartRows } from "~/http/pages/personal.server";
import {
  claimCouponAttempt,
  OrderError,
  placeOrder,
  quoteCheckout,
  quotePlace,
  type Quote,
} from "~/services/checkout.server";
import { addonsQuery, type Addon } from "~/services/cart.server";
import { clientAddress, RateLimitError } from "~/services/rate-limit.server";
import { DomainError, ValidationError } from "~/services/errors";
import { keepValues, readForm } from "~/http/pages/forms.server";
import { getSession } from "~/http/session.server";
import { cachedData, shopCurrency } from "~/http/cache-entries.server";
import { mailContext } from "~/http/mail.server";
import { privatePageHeaders } from "~/http/pages/guards.server";
import { sign, verifySignature } from "~/http/signature.server";
import { idempotencyScope, visitorFor } from "~/http/visitor.server";
import { toasts } from "~/http/pages/toast.server";
import { errorBoundary } from "~/components/error-state";
import { GiftFields } from "~/components/checkout/gift-fields";
import { DeliveryDateField } from "~/components/checkout/delivery-date-field";
import { DELIVERY_DAYS_LISTED, deliveryRules, deliveryWindow, upcomingDays } from "~/lib/delivery";
import { RECIPIENT_FIELDS, recipientFieldName } from "~/lib/gift";
import { bookedMap } from "~/services/delivery.server";
import { getSavedRecipient, listSavedRecipients, type SavedRecipient } from "~/services/recipients.server";
import { parseId } from "~/lib/ids";
import type { Database } from "../../db/client";

export const meta = noindexMeta("Checkout", "/checkout");

/** The fields the page keeps between renders (the form, the method, the applied coupon). */
type Values = Record<string, string>;

interface CheckoutData {
  values: Values;
  quote: Quote;
  /** The add-ons on offer, a checklist in the form. */
  addons: Addon[];
  errors: FieldErrors;
  toast: Toast | null;
  /** A failure to place the order, shown above the button. */
  message: string | null;
  /** The server's signature of the applied coupon's code: only a code applied here (and counted) is kept. */
  couponSig?: string;
}

const toast = makeToast;

/**
 * What quoteCheckout (and placeOrder) get from the form; `currency` writes the coupon messages'
 * amounts. Shipping and tax follow where the parcel goes: a gift's recipient.
 */
function quoteInput(lines: CartLine[], values: Values, currency: Currency) {
  const id = Number(values.shipping_method_id);
  const place = (field: "country" | "state") => (values.is_gift ? values[recipientFieldName(field)] : values[field]);
  return {
    lines,
    country: place("country") || DEFAULT_COUNTRY,
    state: place("state") ?? "",
    shippingMethodId: Number.isSafeInteger(id) && id > 0 ? id : null,
    couponCode: (values.applied_coupon ?? "").trim().toUpperCase(),
    currency,
  };
}

/**
 * A saved recipient picked (`recipient_id`) for a gift: its fields replace the typed ones, so the
 * choice works without JavaScript. Another shopper's id, or a guest's, counts as a new recipient.
 */
async function applySavedRecipient(db: Database, userId: number | null, values: Values) {
  const id = parseId(values.recipient_id ?? "");
  if (!values.is_gift || id === null) return;
  const saved = userId === null ? null : await getSavedRecipient(db, userId, id);
  if (!saved) {
    values.recipient_id = "new";
    return;
  }
  for (const field of RECIPIENT_FIELDS) values[recipientFieldName(field)] = saved[field] ?? "";
}

/** Personal pages: never kept by a shared cache; a refusal for too many attempts says when to try again. */
export const headers: HeadersFunction = (args) => {
  const headers = new Headers(privatePageHeaders(args) as HeadersInit);
  const retryAfter = args.actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/** The form prefilled from the logged-in shopper's profile, Sri Lanka by default. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const [lines, session, currency, settings] = await Promise.all([
    readCartLines(app.env, request),
    getSession(app, request),
    shopCurrency(app.cache),
    app.cache.read(cachedData.publicSettings()),
  ]);
  const user = session.viewer?.user;
  const rules = deliveryRules(settings);
  const now = new Date();
  const span = deliveryWindow(rules, now);
  const [firstName = "", ...rest] = (user?.name ?? "").split(" ");
  const values: Values = {
    firstName,
    lastName: rest.join(" "),
    email: user?.email ?? "",
    phone: user?.phone ?? "",
    address: user?.address ?? "",
    city: user?.city ?? "",
    state: user?.state ?? "",
    zipCode: user?.zip_code ?? "",
    country: user?.country ?? DEFAULT_COUNTRY,
    notes: "",
    applied_coupon: "",
    shipping_method_id: "",
    "gift.recipient.country": DEFAULT_COUNTRY,
    "gift.hide_prices": "on",
    delivery_date: "",
  };
  // Shown, not placed: what the quote reads comes through the cache (docs/decisions/019), the cart's
  // products as the header and the cart read them; placing the order reads the database.
  const input = quoteInput(lines, values, currency);
  const place = quotePlace(input.country, input.state);
  // With the cached reads: the days' bookings (cached too, one indexed read when an order changed
  // them) and a signed-in shopper's saved recipients.
  const [products, shippingMethods, taxRates, addons, booked, recipients] = await Promise.all([
    cachedCartRows(app, lines),
    app.cache.read(cachedData.shippingMethods()),
    app.cache.read(cachedData.taxRates(place)),
    app.cache.read(cachedData.addons()),
    app.cache.read(cachedData.deliveryBookings(span.earliest, span.latest)),
    user ? listSavedRecipients(app.db, user.id) : ([] as SavedRecipient[]),
  ]);
  const delivery = upcomingDays(rules, DELIVERY_DAYS_LISTED, now, bookedMap(booked));
  values.delivery_date = delivery.earliest ?? "";
  const quote = await quoteCheckout(app.db, input, { products, shippingMethods, taxRates });
  values.shipping_method_id = quote.shipping ? String(quote.shipping.id) : "";
  // One key per checkout form: the same form submitted twice places one order. A guest's key is
  // scoped to their visitor id, given here when they have none yet (docs/decisions/022).
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const visitor = visitorFor(request, app.env, user?.id ?? null);
  if (visitor.setCookie) headers.append("Set-Cookie", visitor.setCookie);
  return json(
    {
      values,
      quote,
      addons,
      idempotencyKey: crypto.randomUUID(),
      delivery: { days: delivery.days, min: span.earliest, max: span.latest },
      recipients,
    },
    { headers },
  );
}

/**
 * One form, several buttons (`intent`): update the totals, apply or remove a coupon, place the
 * order. Every intent but a successful order shows the page again with every typed value kept and
 * the totals the server computed, so all of it works without JavaScript.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const values = await readForm(request);
  const [cartLines, currency, addons, { viewer }] = await Promise.all([
    readCartLines(app.env, request),
    shopCurrency(app.cache),
    addonsQuery(app.db),
    getSession(app, request),
  ]);
  // A day picked from the list (without JavaScript, its button posts it) becomes the date.
  if (values.delivery_pick) values.delivery_date = values.delivery_pick;
  delete values.delivery_pick;
  await applySavedRecipient(app.db, viewer?.user.id ?? null, values);
  // The order is the cart with the add-ons as the checklist ticks them (the cart itself is unchanged).
  const lines = withAddons(cartLines, addons, idList.parse(values.addons_shown), tickedAddons(values));
  const intent = values.intent ?? "update";
  const kept = () => keepValues({ ...values, intent: "", applied_coupon_sig: "" });
  const answer = async (extra: Partial<CheckoutData> = {}, status = 200, headers: Record<string, string> = {}) => {
    const current = { ...kept(), ...extra.values };
    const quote = await quoteCheckout(app.db, quoteInput(lines, current, currency));
    current.shipping_method_id = quote.shipping ? String(quote.shipping.id) : (current.shipping_method_id ?? "");
    const couponSig = quote.coupon?.valid ? await sign(app.env, "coupon", quote.coupon.coupon.code) : "";
    const data: CheckoutData = {
      quote,
      addons,
      errors: {},
      toast: null,
      message: null,
      ...extra,
      values: current,
      couponSig,
    };
    return json(data, { status, headers });
  };

  async function answerLimited(error: RateLimitError) {
    return answer(
      { errors: { coupon_input: [error.message] }, toast: toast(error.message, "error"), message: error.message },
      429,
      { "Retry-After": String(error.retryAfterSeconds) },
    );
  }

  // A coupon the page applied comes back signed; any other code in that hidden field counts as a
  // code typed (the limit of "Apply"), so the totals cannot test codes in a loop (docs/decisions/022).
  const applied = (values.applied_coupon ?? "").trim().toUpperCase();
  values.applied_coupon = applied;
  if (applied && !(await verifySignature(app.env, "coupon", applied, values.applied_coupon_sig))) {
    try {
      await claimCouponAttempt(app.db, clientAddress(request));
    } catch (error) {
      if (!(error instanceof RateLimitError)) throw error;
      values.applied_coupon = "";
      return answerLimited(error);
    }
  }
  if (intent === "apply_coupon") {
    const code = (values.coupon_input ?? "").trim().toUpperCase();
    if (!code) {
      return answer(
        {
          errors: { coupon_input: [CHECKOUT_MESSAGES.couponEmpty] },
          toast: toast(CHECKOUT_MESSAGES.couponEmpty, "error"),
        },
        422,
      );
    }
    try {
      // Counted before the code is looked up: codes cannot be guessed in a loop.
      await claimCouponAttempt(app.db, clientAddress(request));
    } catch (error) {
      if (!(error instanceof RateLimitError)) throw error;
      return answerLimited(error);
    }
    const quote = await quoteCheckout(app.db, quoteInput(lines, { ...values, applied_coupon: code }, currency));
    if (!quote.coupon?.valid) {
      const message = quote.coupon?.message ?? CHECKOUT_MESSAGES.couponInvalid;
      return answer({ errors: { coupon_input: [message] }, toast: toast(message, "error") }, 422);
    }
    return answer({
      values: { applied_coupon: code, coupon_input: "" },
      toast: toast(`Coupon ${code} applied: ${quote.coupon.coupon.name}`, "success"),
    });
  }
  if (intent === "remove_coupon") {
    return answer({ values: { applied_coupon: "", coupon_input: "" }, toast: toast("Coupon removed", "info") });
  }
  if (intent !== "place_order") return answer();

  const parsed = CheckoutPageSchema.safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    // The date or the card refused alone: the toast says its sentence; anything else, "fix the errors".
    const message = loneMessage(errors, SELF_EXPLAINED_FIELDS) ?? CHECKOUT_MESSAGES.formErrors;
    return answer({ errors, toast: toast(message, "error") }, 422);
  }
  const { gift = null, delivery_date: deliveryDate, ...customer } = parsed.data;
  const input = quoteInput(lines, values, currency);
  const key = IdempotencyKeySchema.safeParse(values.idempotency_key).data ?? null;
  try {
    const placed = await placeOrder(app.db, {
      lines,
      customer,
      gift,
      deliveryDate,
      shippingMethodId: input.shippingMethodId,
      couponCode: input.couponCode,
      userId: viewer?.user.id ?? null,
      idempotencyKey: key,
      idempotencyScope: idempotencyScope(app.env, request, viewer?.user.id ?? null),
      client: clientAddress(request),
      currency,
      mail: await mailContext(app, request),
    });
    const headers = { "Set-Cookie": await cartSetCookie(app.env, request, []) };
    const message = `Order ${placed.order_number} placed successfully!`;
    if (viewer)
      return toasts(app.env, request).redirectWithSuccess(
        "/orders",
        { message, description: "Pay in cash when it is delivered." },
        { headers },
      );
    const signature = await sign(app.env, "order", placed.order_number);
    return toasts(app.env, request).redirectWithSuccess(
      `/order-confirmation/${placed.order_number}?sig=${signature}`,
      message,
      { headers },
    );
  } catch (error) {
    if (error instanceof ValidationError) {
      const errors = { ...error.errors };
      if (errors.coupon_code) errors.coupon_input = errors.coupon_code;
      return answer({ errors, toast: toast(error.message, "error"), message: error.message }, 422);
    }
    if (error instanceof RateLimitError) {
      return answer({ toast: toast(error.message, "error"), message: error.message }, 429, {
        "Retry-After": String(error.retryAfterSeconds),
      });
    }
    if (error instanceof OrderError || error instanceof DomainError) {
      return answer({ toast: toast(error.message, "error"), message: error.message }, error.status);
    }
    log.error("order could not be placed", error);
    return answer(
      { toast: toast(CHECKOUT_MESSAGES.orderFailed, "error"), message: CHECKOUT_MESSAGES.orderFailed },
      500,
    );
  }
}

/** Sends the form with intent=update (with JavaScript), so the totals follow the country and the method. */
function useRequote() {
  const submit = useSubmit();
  return (form: HTMLFormElement | null) => {
    if (!form) return;
    const data = new FormData(form);
    data.set("intent", "update");
    submit(data, { method: "post", action: "/checkout", replace: true, preventScrollReset: true });
  };
}

function Summary({ quote, message, submitting }: { quote: Quote; message: string | null; submitting: boolean }) {
  const { totals, cart } = quote;
  const coupon = quote.coupon?.valid ? quote.coupon.coupon : null;
  return (
    <SummaryPanel className="lg:sticky lg:top-6">
      <ul className="mt-4 divide-y divide-bloom-100">
        {cart.items.map((item) => (
          <li key={`${item.product_id}.${item.variant_id}`} className="flex items-center gap-3 py-3 text-sm">
            {item.product ? (
              <Img
                src={item.product.image}
                alt=""
                width={48}
                height={48}
                className="h-12 w-12 rounded-lg bg-white object-cover"
              />
            ) : null}
            <div className="flex-1">
              <p className="font-medium text-gray-900">{item.product?.name ?? item.name ?? "No longer available"}</p>
              {item.product && Object.keys(item.product.options).length > 0 ? (
                <p className="text-gray-700">{optionsLabel(item.product.options)}</p>
              ) : null}
              <p className="text-gray-600">
                {item.quantity} × {item.product ? <Price cents={item.product.unit_price_cents} /> : null}
              </p>
              {item.status !== "ok" ? (
                <p className="font-medium text-red-700">
                  {item.status === "reduced"
                    ? `Only ${item.product?.stock} left in stock`
                    : (item.reason ?? "Not available: remove it from your cart")}
                </p>
              ) : null}
            </div>
            <Price cents={item.line_total_cents} />
          </li>
        ))}
      </ul>
      <OrderTotals
        live
        className="mt-4 border-t border-bloom-200 pt-4"
        subtotalCents={totals.subtotal_cents}
        discountCents={coupon ? totals.discount_cents : 0}
        couponCode={coupon?.code}
        shippingCents={totals.shipping_cents}
        shippingName={quote.shipping?.name}
        taxLines={quote.tax.lines.map((line) => ({
          label: taxLabel(line),
          cents: line.amount_cents,
        }))}
        totalCents={totals.total_cents}
      />
      {message ? <ErrorAlert className="mt-4">{message}</ErrorAlert> : null}
      <button
        type="submit"
        name="intent"
        value="place_order"
        className={`${submitButtonClass} mt-6 w-full`}
        disabled={submitting || !cart.can_checkout}
      >
        {submitting ? "Placing Order…" : "Place Order"}
      </button>
      <p className="mt-3 text-center text-xs text-gray-600">You pay in cash when your bouquet is delivered.</p>
    </SummaryPanel>
  );
}

/** Without JavaScript, the button that posts a changed choice (intent=update) to have the totals recomputed. */
function UpdateButton({ children }: { children: string }) {
  return (
    <p className="no-js-only mt-3 text-sm">
      <button type="submit" name="intent" value="update" className="font-medium text-bloom-700 underline">
        {children}
      </button>
    </p>
  );
}

/** The form's checks, fetched when the shopper first focuses a field: the page loads no schema library. */
const loadCheckoutSchema = () => import("~/lib/schemas/checkout").then((module) => module.CheckoutPageSchema);

export default function CheckoutPage() {
  const loaded = useLoaderData<typeof loader>();
  const failure = useActionData<CheckoutData>();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const requote = useRequote();
  const values = failure?.values ?? loaded.values;
  const quote = (failure?.quote ?? loaded.quote) as Quote;
  const addons = failure?.addons ?? loaded.addons;
  const { errors, formProps } = useLiveValidation(
    loadCheckoutSchema,
    CHECKOUT_MESSAGES.formErrors,
    failure?.errors,
    (submitter) => submitter?.getAttribute("value") === "place_order",
  );
  const placing = navigation.state !== "idle" && navigation.formData?.get("intent") === "place_order";
  const coupon = quote.coupon?.valid ? quote.coupon.coupon : null;
  const [gift, setGift] = useState(values.is_gift === "on");

  if (quote.cart.items.length === 0) {
    return (
      <EmptyCart title="Checkout" note="Add a bouquet or two, then come back to check out." link="Continue Shopping" />
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="font-display text-3xl font-bold text-gray-900">Checkout</h1>
      <Toaster toast={failure?.toast ?? null} listen={false} />
      <Form
        ref={formRef}
        method="post"
        action="/checkout"
        {...formProps}
        className="mt-8 grid gap-8 lg:grid-cols-[1fr_24rem]"
      >
        {/* Enter in any field recalculates; only the Place Order button places the order. */}
        <button type="submit" name="intent" value="update" tabIndex={-1} className="sr-only">
          Update totals
        </button>
        <input type="hidden" name="idempotency_key" value={loaded.idempotencyKey} />
        <input type="hidden" name="applied_coupon" value={coupon?.code ?? ""} />
        <input type="hidden" name="applied_coupon_sig" value={coupon ? (failure?.couponSig ?? "") : ""} />
        <div className="grid h-fit gap-8">
          <GiftFields
            values={values}
            errors={errors}
            saved={loaded.recipients}
            gift={gift}
            onGiftChange={(checked) => {
              setGift(checked);
              requote(formRef.current);
            }}
            onPlaceChange={() => requote(formRef.current)}
          />
          <Panel id="shipping-heading" title={gift ? "Your details (the buyer)" : "Shipping Information"}>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <PersonFields names={["firstName", "lastName", "email", "phone"]} values={values} errors={errors} />
              <PersonField name="address" values={values} errors={errors} className="sm:col-span-2" />
              <PersonField name="city" values={values} errors={errors} />
              <PersonField name="state" values={values} errors={errors} onBlur={() => requote(formRef.current)} />
              <PersonField name="zipCode" values={values} errors={errors} />
              <div onChange={() => requote(formRef.current)}>
                <CountryField values={values} errors={errors} />
              </div>
              <div className="sm:col-span-2">
                <label htmlFor="notes" className="block text-sm font-medium text-gray-800">
                  Order notes (optional)
                </label>
                <textarea
                  id="notes"
                  name="notes"
                  rows={3}
                  defaultValue={values.notes}
                  aria-invalid={errors.notes?.length ? true : undefined}
                  aria-describedby={errors.notes?.length ? "notes-error" : undefined}
                  className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 shadow-sm focus:outline-none focus:ring-2 focus:ring-bloom-500"
                  placeholder="A gift message, or when you are home to receive it"
                />
                <FieldError id="notes-error" messages={errors.notes} />
              </div>
            </div>
            <p className="no-js-only mt-4 text-sm text-gray-600">
              Changed your country or state?{" "}
              <button type="submit" name="intent" value="update" className="font-medium text-bloom-700 underline">
                Update shipping and tax
              </button>
            </p>
          </Panel>

          <DeliveryDateField
            key={values.delivery_date}
            value={values.delivery_date ?? ""}
            min={loaded.delivery.min}
            max={loaded.delivery.max}
            days={loaded.delivery.days}
            errors={errors}
          />

          <fieldset className="rounded-2xl border border-bloom-100 bg-white p-6 shadow-sm">
            <legend className="px-1 text-lg font-semibold text-gray-900">Shipping Method</legend>
            {quote.shipping_options.length === 0 ? (
              <p className="text-sm text-red-700">{CHECKOUT_MESSAGES.shippingMethod}</p>
            ) : (
              <div className="grid gap-3" onChange={() => requote(formRef.current)}>
                {quote.shipping_options.map((option) => (
                  <label
                    key={option.id}
                    className="flex cursor-pointer items-start gap-3 rounded-xl border border-gray-200 p-4 has-[:checked]:border-bloom-500 has-[:checked]:bg-bloom-50"
                  >
                    <input
                      type="radio"
                      name="shipping_method_id"
                      value={option.id}
                      defaultChecked={quote.shipping?.id === option.id}
                      className="mt-1 accent-bloom-600"
                    />
                    <span className="flex-1">
                      <span className="flex justify-between gap-3 font-medium text-gray-900">
                        {option.name}
                        <span>{option.cost_cents === 0 ? "Free" : <Price cents={option.cost_cents} />}</span>
                      </span>
                      <span className="block text-sm text-gray-600">{option.description}</span>
                    </span>
                  </label>
                ))}
              </div>
            )}
            <FieldError id="shipping_method_id-error" messages={errors.shipping_method_id} />
            <UpdateButton>Update shipping</UpdateButton>
          </fieldset>

          <div onChange={() => requote(formRef.current)}>
            <AddonsChecklist addons={addons} chosen={quote.cart.items.map((item) => item.product_id)}>
              <UpdateButton>Update totals</UpdateButton>
            </AddonsChecklist>
          </div>

          <Panel id="coupon-heading" title="Coupon">
            {coupon ? (
              <div
                className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-green-50 p-4 text-sm"
                data-testid="applied-coupon"
              >
                <p>
                  <span className="font-semibold text-gray-900">{coupon.name}</span> ({coupon.code}):{" "}
                  {coupon.type === "percentage" ? `${coupon.value}% off` : <Price cents={coupon.value} />} · you save{" "}
                  <Price cents={coupon.discount_cents} />
                </p>
                <button
                  type="submit"
                  name="intent"
                  value="remove_coupon"
                  className="font-medium text-red-700 underline"
                >
                  Remove
                </button>
              </div>
            ) : (
              <div className="mt-4 flex flex-wrap items-start gap-3">
                {quote.coupon && !quote.coupon.valid ? (
                  <p role="status" className="w-full text-sm text-amber-800">
                    {quote.coupon.message}
                  </p>
                ) : null}
                <TextField
                  name="coupon_input"
                  label="Coupon code"
                  autoComplete="off"
                  defaultValue={values.coupon_input}
                  errors={errors}
                  className="min-w-0 flex-1"
                />
                <button
                  type="submit"
                  name="intent"
                  value="apply_coupon"
                  className="mt-6 rounded-full border border-bloom-300 px-5 py-2 font-medium text-bloom-700 hover:bg-bloom-50"
                >
                  Apply
                </button>
              </div>
            )}
          </Panel>

          <Panel id="payment-heading" title="Payment">
            <p className="mt-3 flex items-center gap-3 rounded-xl border border-bloom-500 bg-bloom-50 p-4 text-sm">
              <span aria-hidden="true" className="h-3 w-3 rounded-full bg-bloom-600" />
              <span>
                <span className="font-medium text-gray-900">Cash on Delivery</span>
                <span className="block text-gray-600">Pay the courier in cash when your order arrives.</span>
              </span>
            </p>
          </Panel>
        </div>
        <Summary quote={quote} message={failure?.message ?? null} submitting={placing} />
      </Form>
    </div>
  );
}

export const ErrorBoundary = errorBoundary({
  failed: { title: "Checkout", message: CHECKOUT_MESSAGES.orderFailed, link: { to: "/cart", label: "Back to Cart" } },
});
