import { NavLink } from "@remix-run/react";

const TABS = [
  { to: "/admin/settings", label: "Settings" },
  { to: "/admin/settings/home", label: "Home page sections" },
  { to: "/admin/security", label: "Your two-factor sign-in" },
] as const;

/** The settings' pages: the settings by group, the home page's sections, and the staff member's own second factor. */
export function SettingsTabs() {
  return (
    <nav aria-label="Settings pages" className="mt-4">
      <ul className="flex flex-wrap gap-2 text-sm font-medium">
        {TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end
              prefetch="intent"
              className={({ isActive }) =>
                `inline-flex rounded-full border px-4 py-2 ${isActive ? "border-bloom-600 bg-bloom-600 text-white" : "border-bloom-300 bg-white text-bloom-800 hover:bg-bloom-50"}`
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
