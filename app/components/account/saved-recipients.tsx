import { Form } from "@remix-run/react";
import type { SavedRecipient } from "~/services/recipients.server";
import { recipientAddressLine } from "../checkout/gift-fields";
import { Panel } from "../section";

/**
 * The profile's "Saved recipients": the people the shopper sent gifts to (kept to pick at the
 * checkout), each with its address and a Remove button (a form: it works without JavaScript).
 */
export function SavedRecipientsSection({ recipients }: { recipients: SavedRecipient[] }) {
  return (
    <Panel id="recipients-heading" title="Saved recipients">
      {recipients.length === 0 ? (
        <p className="mt-4 text-sm text-gray-600">
          The people you send gifts to are kept here, to pick at the checkout next time.
        </p>
      ) : (
        <ul className="mt-4 grid gap-3 text-sm">
          {recipients.map((recipient) => {
            const name = `${recipient.firstName} ${recipient.lastName}`;
            return (
              <li key={recipient.id} className="flex flex-wrap items-center justify-between gap-3">
                <span>
                  <span className="block font-medium text-gray-900">{name}</span>
                  <span className="block text-gray-700">{recipientAddressLine(recipient)}</span>
                </span>
                <Form method="post" action="/profile" noValidate>
                  <input type="hidden" name="remove_recipient" value={recipient.id} />
                  <button
                    type="submit"
                    aria-label={`Remove ${name}`}
                    className="rounded-full border border-gray-300 px-4 py-1.5 text-sm font-medium text-gray-800 hover:border-red-400"
                  >
                    Remove
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
