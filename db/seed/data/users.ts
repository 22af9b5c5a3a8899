import type { SeedRole, SeedUser } from "../types";

export const roles: SeedRole[] = [{ name: "admin" }, { name: "super-admin" }, { name: "customer" }];

/** A staff account's contact fields: none. */
const noAddress = { phone: null, address: null, city: null, state: null, zip_code: null, country: null };

/** Development accounts. Passwords are hashed when the seed statements are built. */
export const users: SeedUser[] = [
  {
    name: "Olive Owner",
    email: "owner@twistbloom.test",
    password: "Owner1234",
    roles: ["super-admin"],
    ...noAddress,
  },
  {
    name: "Ava Admin",
    email: "admin@twistbloom.test",
    password: "Admin1234",
    roles: ["admin"],
    ...noAddress,
  },
  {
    name: "Casey Customer",
    email: "customer@twistbloom.test",
    password: "Customer1234",
    roles: ["customer"],
    phone: "+94 77 123 4567",
    address: "42 Galle Road, Kollupitiya",
    city: "Colombo",
    state: "Western",
    zip_code: "00300",
    country: "LK",
  },
];
