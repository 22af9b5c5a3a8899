import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN, CUSTOMER } from "../fixtures/accounts";
import { NOT_WORDS } from "../fixtures/staff-search";
import { visibleText, visit } from "./helpers";
import { apiClient, apiToken, loggedIn } from "./fixtures";

// The staff's searches on the Worker (D1) with text that is FTS syntax, SQL, emoji or too long:
// each call and page answers (200 with a page, or 422 naming the field when over 100 characters),
// never a 5xx, and the words in such text still find.

let counter = 0;
const newIp = () => `198.51.102.${(++counter % 250) + 1}`;
const { call } = apiClient(newIp);
let token = "";

beforeAll(async () => {
  token = await apiToken(newIp(), ADMIN);
});

describe("the staff's search calls with any text", () => {
  for (const list of ["orders", "users", "products"]) {
    it(`GET /api/admin/${list}?search= answers a page, never an error`, async () => {
      for (const text of NOT_WORDS) {
        const { status, body } = await call("GET", `/api/admin/${list}?search=${encodeURIComponent(text)}`, { token });
        expect(status, text).toBe(200);
        expect(body.data.total, text).toBe(body.data.data.length);
      }
      const { status, body } = await call("GET", `/api/admin/${list}?search=${"x".repeat(1000)}`, { token });
      expect(status).toBe(422);
      expect(body).toMatchObject({
        success: false,
        errors: { search: ["The search may not be greater than 100 characters."] },
      });
    });
  }

  it("still finds by the words in such text", async () => {
    const { body } = await call("GET", `/api/admin/users?search=${encodeURIComponent(`"${CUSTOMER.email}" ((( 🌹`)}`, {
      token,
    });
    expect(body.data.data.map((user: { email: string }) => user.email)).toEqual([CUSTOMER.email]);
  });

  it("the list pages answer such text with their empty state", async () => {
    const jar = await loggedIn(ADMIN, newIp());
    for (const [page, empty] of [
      ["/admin/orders", "No orders match these filters."],
      ["/admin/users", "No users match these filters."],
      ["/admin/products", "No products match these filters."],
    ]) {
      const response = await visit(jar, `${page}?search=${encodeURIComponent('NEAR( "🌹 *')}`);
      expect(response.status, page).toBe(200);
      expect(visibleText(await response.text())).toContain(empty);
    }
  });
});
