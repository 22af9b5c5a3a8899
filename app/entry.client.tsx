import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { mergePersonal, PERSONAL_GLOBAL, type PersonalPatch } from "~/lib/personal";

// A page the edge kept whole was filled in for this visitor by the Worker (their cart, account links,
// hearts, like); the same data goes into Remix's hydration data first, so React renders what the
// page shows (docs/decisions/017).
const scope = window as unknown as { __remixContext?: { state?: { loaderData?: Record<string, unknown> } } } & Record<
  string,
  PersonalPatch | undefined
>;
const personal = scope[PERSONAL_GLOBAL];
const loaderData = scope.__remixContext?.state?.loaderData;
if (personal && loaderData) mergePersonal(loaderData, personal);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
