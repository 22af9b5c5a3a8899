import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { ConfirmByButton } from "~/components/account/confirm-by-button";
import { STOCK_ALERT_MESSAGES } from "~/lib/form-messages";
import { noindexMeta } from "~/lib/seo";
import { readForm } from "~/http/pages/forms.server";
import { linkRefused, linkToken, mailedLinkData, mailedLinkHeaders } from "~/http/pages/mailed-link.server";
import { toasts } from "~/http/pages/toast.server";
import { confirmStockAlert, stockAlertConfirmationIsLive } from "~/services/stock-alerts.server";

export const meta = noindexMeta("Confirm your request", "/back-in-stock/confirm");

export const headers = mailedLinkHeaders;

/**
 * The back-in-stock confirmation link lands here. Opening it changes nothing (mail scanners open
 * links): the page asks for a press of its button, a POST. An unknown, used or expired link says so.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = linkToken(request);
  const live = await stockAlertConfirmationIsLive(context.app.db, token);
  return mailedLinkData({ token: live ? token : null });
}

/** Confirms (the link works once): back to the item's page with the toast; an invalid link, its message (422). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const values = await readForm(request);
  const page = await confirmStockAlert(app.db, values.token ?? linkToken(request));
  if (page) return toasts(app.env, request).redirectWithSuccess(page, STOCK_ALERT_MESSAGES.confirmed);
  return linkRefused(STOCK_ALERT_MESSAGES.invalidConfirmation, 422);
}

export default function BackInStockConfirmPage() {
  return (
    <ConfirmByButton
      title="Confirm your request"
      subtitle="One press, and we will email you once when it is back in stock."
      action="/back-in-stock/confirm"
      prompt="Press the button to confirm that you want one email at this address when it is back."
      label="Confirm request"
      busyLabel="Confirming…"
      invalid={STOCK_ALERT_MESSAGES.invalidConfirmation}
      next={
        <>
          <Link to="/products" className="font-medium text-bloom-700 underline hover:text-bloom-800">
            Back to the shop
          </Link>{" "}
          to ask again from the product&apos;s page.
        </>
      }
    />
  );
}
