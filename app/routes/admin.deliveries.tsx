import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { adminPageError, adminPageMeta } from "~/components/admin/admin-page";
import { AdminListPage } from "~/components/admin/list-page";
import { dangerButton, RowLink, secondaryButton } from "~/components/admin/ui";
import { formatDeliveryDate } from "~/lib/delivery";
import { STAFF_DELIVERY_MESSAGES, type StaffDeliveryDay } from "~/lib/staff-deliveries";
import { adminAction, loadAdminPage } from "~/http/pages/admin-pages.server";
import { buttonError, readForm } from "~/http/pages/forms.server";
import { listStaffDeliveries, setDeliveryDayClosed } from "~/services/admin/deliveries.server";

export const meta = adminPageMeta("Deliveries", "/admin/deliveries");

const HERE = "/admin/deliveries";

export const loader = (args: LoaderFunctionArgs) => loadAdminPage(args, (db) => listStaffDeliveries(db));

/** Close (`intent=close`) or reopen (`intent=open`) the day `date`, then back here with what was done. */
export async function action(args: ActionFunctionArgs) {
  const { app, actor, toast } = await adminAction(args);
  const { intent, date = "" } = await readForm(args.request);
  if (intent !== "close" && intent !== "open") return toast.redirectWithError(HERE, "Choose to close or reopen a day.");
  try {
    const { changed, message } = await setDeliveryDayClosed(app.db, actor, date, intent === "close");
    return changed ? toast.redirectWithSuccess(HERE, message) : toast.redirectWithInfo(HERE, message);
  } catch (error) {
    return buttonError(error, { toast, here: HERE });
  }
}

const STATUS_LABELS: Record<StaffDeliveryDay["status"], string> = {
  available: "Available",
  full: "Full",
  closed: "Closed",
};

/** The day's button: close an open day, reopen a closed date; a closed weekday changes in the settings. */
function DayButton({ day }: { day: StaffDeliveryDay }) {
  const busy = useNavigation().state !== "idle";
  if (day.status === "closed" && !day.closed_date)
    return (
      <Link to="/admin/settings#group-delivery" className="text-sm text-bloom-800 underline">
        Change the closed weekdays
      </Link>
    );
  const close = !day.closed_date;
  return (
    <Form method="post" noValidate preventScrollReset>
      <input type="hidden" name="date" value={day.date} />
      <button
        type="submit"
        name="intent"
        value={close ? "close" : "open"}
        className={close ? dangerButton : secondaryButton}
        disabled={busy}
      >
        {close ? "Close this day" : "Reopen this day"}
        <span className="sr-only">{`: ${formatDeliveryDate(day.date)}`}</span>
      </button>
    </Form>
  );
}

export default function AdminDeliveries() {
  const { today, time_zone, days } = useLoaderData<typeof loader>();
  return (
    <AdminListPage
      title="Deliveries"
      description={`The next ${days.length} days from today (${formatDeliveryDate(today)}, ${time_zone}): the orders booked and what each day can still take. Close a day for a holiday; orders already booked on it stay.`}
      table={{
        caption: "Delivery days, from today",
        rows: days.map((day) => ({ ...day, id: day.date })),
        empty: "No days to show.",
        columns: [
          {
            head: "Day",
            className: "whitespace-nowrap",
            render: (day) => (
              <>
                <RowLink to={`/admin/orders?delivery_date=${day.date}`}>{formatDeliveryDate(day.date)}</RowLink>
                {day.date === today ? <span className="block text-xs text-gray-600">Today</span> : null}
              </>
            ),
          },
          { head: "Orders booked", render: (day) => day.booked },
          {
            head: "Capacity left",
            render: (day) =>
              day.status === "closed" ? "—" : day.remaining === null ? STAFF_DELIVERY_MESSAGES.noCap : day.remaining,
          },
          {
            head: "Status",
            render: (day) => (
              <>
                <span className="block font-medium text-gray-900">{day.reason ?? STATUS_LABELS[day.status]}</span>
                {day.status === "closed" && day.booked > 0 ? (
                  <span className="block text-sm text-gray-600">{STAFF_DELIVERY_MESSAGES.bookedStay(day.booked)}</span>
                ) : null}
              </>
            ),
          },
          { head: "Change", render: (day) => <DayButton day={day} /> },
        ],
      }}
    />
  );
}

export const ErrorBoundary = adminPageError("Could not load the deliveries");
