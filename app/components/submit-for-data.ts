import type { FetcherWithComponents } from "@remix-run/react";
import type { FormEvent } from "react";

/**
 * The onSubmit of a fetcher form that also works without JavaScript: the same form posts and the
 * action redirects back; with JavaScript it is sent through the fetcher with `respond=data`, and
 * the action answers data, so the page stays where it is.
 */
export function submitForData(fetcher: Pick<FetcherWithComponents<unknown>, "submit">, action?: string) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    data.set("respond", "data");
    fetcher.submit(data, action ? { method: "post", action } : { method: "post" });
  };
}
