import type { ReactNode } from "react";
import { SOCIAL_PROVIDER_NAMES, type SocialProvider } from "~/lib/social-login";

/** The frame of the login and register pages: a centred card with a heading. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-2xl border border-bloom-100 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-center font-display text-3xl font-bold text-gray-900">{title}</h1>
        <p className="mt-2 text-center text-sm text-gray-600">{subtitle}</p>
        <div className="mt-8">{children}</div>
      </div>
    </div>
  );
}

/**
 * The Google and Twitter buttons (docs/decisions/014): each a form that posts to `/auth/<provider>`,
 * which sends the browser on to the provider. Only the providers the server says are usable (the
 * setting on, the provider's id and secret set) are given; none, and nothing shows.
 */
export function SocialButtons({
  action,
  providers,
  redirectTo = "/",
}: {
  action: "Sign in" | "Sign up";
  providers: readonly SocialProvider[];
  redirectTo?: string;
}) {
  if (providers.length === 0) return null;
  return (
    <div className="mt-6">
      <div className="relative text-center text-sm text-gray-600">
        <span className="relative z-10 bg-white px-2">Or {action.toLowerCase()} with</span>
        <span aria-hidden="true" className="absolute inset-x-0 top-1/2 border-t border-gray-200" />
      </div>
      <div className={`mt-4 grid gap-3 ${providers.length > 1 ? "grid-cols-2" : "grid-cols-1"}`}>
        {providers.map((provider) => (
          <form key={provider} method="post" action={`/auth/${provider}`} noValidate>
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button
              type="submit"
              aria-label={`${action} with ${SOCIAL_PROVIDER_NAMES[provider]}`}
              className="w-full rounded-full border border-gray-300 px-4 py-2 text-sm font-medium text-gray-800 hover:border-bloom-400"
            >
              {SOCIAL_PROVIDER_NAMES[provider]}
            </button>
          </form>
        ))}
      </div>
    </div>
  );
}
