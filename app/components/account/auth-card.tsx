import type { ReactNode } from "react";

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
 * The Google and Twitter buttons the spec asks for: they have no behaviour yet, and say so rather
 * than pretend.
 */
export function SocialButtons({ action }: { action: "Sign in" | "Sign up" }) {
  return (
    <div className="mt-6">
      <div className="relative text-center text-sm text-gray-600">
        <span className="relative z-10 bg-white px-2">Or {action.toLowerCase()} with</span>
        <span aria-hidden="true" className="absolute inset-x-0 top-1/2 border-t border-gray-200" />
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3">
        {["Google", "Twitter"].map((provider) => (
          <button
            key={provider}
            type="button"
            aria-describedby="social-soon"
            className="rounded-full border border-gray-300 px-4 py-2 text-sm font-medium text-gray-800 hover:border-bloom-400"
          >
            {provider}
          </button>
        ))}
      </div>
      <p id="social-soon" className="mt-2 text-center text-xs text-gray-600">
        {action} with Google or Twitter is coming soon.
      </p>
    </div>
  );
}
