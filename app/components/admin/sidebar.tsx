import { NavLink } from "react-router";
import { cn } from "~/lib/cn";

export const ADMIN_NAV = [
  { label: "Dashboard", to: "/admin/dashboard" },
  { label: "Products", to: "/admin/products" },
  { label: "Catalogue", to: "/admin/catalogue" },
  { label: "Orders", to: "/admin/orders" },
  { label: "Customers", to: "/admin/customers" },
  { label: "Discounts", to: "/admin/discounts" },
  { label: "Mail", to: "/admin/mail" },
  { label: "Settings", to: "/admin/settings" },
];

export function AdminNav() {
  return (
    <ul className="space-y-1">
      {ADMIN_NAV.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            className={({ isActive }) =>
              cn(
                "block rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-blue-600",
                isActive ? "bg-gray-900 text-white" : "text-gray-700 hover:bg-gray-100",
              )
            }
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
