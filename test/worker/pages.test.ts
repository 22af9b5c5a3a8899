import { describe, expect, it } from "vitest";
import { get, ownQueryCount } from "./helpers";

describe("pages", () => {
  it("renders the home page with the site name and featured prices, on the server", async () => {
    const response = await get("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain("<title>");
    expect(html).toContain("Twistbloom");
    expect(html).toMatch(/\$\d+\.\d{2}/);
    expect(ownQueryCount(response)).toBeLessThanOrEqual(3);
  });

  it("answers an unknown path with the not-found screen and a 404 status", async () => {
    const response = await get("/this/does/not/exist");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Page Not Found");
    expect(html).toContain("Go Back Home");
  });
});
