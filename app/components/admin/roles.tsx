/** What staff call each role. */
export const ROLE_NAMES: Record<string, string> = {
  customer: "Customer",
  admin: "Admin",
  "super-admin": "Super-admin",
};

/** An account's roles as badges (a customer's grey, staff roles in the shop's colour), or "None". */
export function RoleList({ roles }: { roles: string[] }) {
  if (roles.length === 0) return <span className="text-gray-600">None</span>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Roles">
      {roles.map((role) => (
        <li
          key={role}
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${role === "customer" ? "bg-gray-100 text-gray-800" : "bg-bloom-100 text-bloom-800"}`}
        >
          {ROLE_NAMES[role] ?? role}
        </li>
      ))}
    </ul>
  );
}
