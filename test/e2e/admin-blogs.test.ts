import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { asAdmin as signedInAdmin, MODES, newPage, open, settle, toastText, useBrowser } from "./browser";

/**
 * Tutorials in the back office, in the browser with JavaScript on and off: an admin writes a
 * tutorial with a featured image, previews its HTML (live with JavaScript; with the Preview button
 * without it), saves it as a draft that the shop does not show, publishes it and reads it on /blog.
 * axe finds nothing on the tutorial form or the list. Each journey writes tutorials of its own.
 */

const browser = useBrowser();

/** A real 543-byte baseline JPEG (CPython's test image test/imghdrdata/python.jpg). */
const JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQEAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/2wBDAQMDAwQDBAgEBAgQCwkLEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBD/wAARCAAQABADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAABwQF/8QAJBAAAQQBBAICAwAAAAAAAAAAAQIDBAYFBwgSExEiABQJMTL/xAAVAQEBAAAAAAAAAAAAAAAAAAAABv/EACMRAAECBQMFAAAAAAAAAAAAAAECEQMEBQYhABIxFRZhgeH/2gAMAwEAAhEDEQA/ABSm0mobc8HmExLUlRzzEWPkJWW+ulrsaUVAseUgslSlH9LKuPryIKuWPZdskzXmm3fX5m2nF4GlVxx/HOpx4ks51+MiU/Iaad7UcUo4tILoS4kqcWkezS0hO/HvuRp0rO6hWnWO1UisZVuFi4GFeyEpmGepa5S5SWVPuciFKRFLgSrwetnyPIB+Vb4N9mKhQMzo5po9XLdDs9d6ZVix2VEhiL9kuNPxw2gEKcDQ/rs8AuA8VAe0vdl7VOYn+27flGAUgmITjbhSmCg3BYlyeWDkMolvw4KOp1KM6iCNvngZHwetf//Z",
  "base64",
);

const unique = () => crypto.randomUUID().slice(0, 8);
const preview = (page: Page) => page.getByTestId("blog-preview");

const asAdmin = (javaScriptEnabled: boolean, path: string) => signedInAdmin(browser(), javaScriptEnabled, path);

describe.each(MODES)("writing a tutorial ($name)", ({ javaScriptEnabled }) => {
  it("writes, previews and publishes a tutorial, then reads it on /blog", async () => {
    const title = `Crepe Paper Poppies ${unique()}`;
    const { context, page } = await asAdmin(javaScriptEnabled, "/admin/blogs/new");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Excerpt", { exact: true }).fill("Bright poppies from three stems.");
    await page.getByLabel("Difficulty", { exact: true }).selectOption("intermediate");
    await page.getByLabel("Tags", { exact: true }).fill("Poppies, summer");
    await page.getByRole("group", { name: "Categories" }).getByLabel("Flower Tutorials").check();
    await page.getByRole("group", { name: "Related products" }).getByLabel("Dozen Red Forever Roses").check();
    await page
      .locator("#featured_image_file")
      .setInputFiles({ name: "poppy.jpg", mimeType: "image/jpeg", buffer: JPEG });
    const html =
      '<h2>Petals</h2><p>Cup each <strong>petal</strong>.</p><img src="/images/blog/pompom-dahlias.svg" onerror="window.__pwned = 1" alt="A dahlia"><script>window.__pwned = 2</script>';
    await page.getByLabel("Content (HTML)", { exact: true }).fill(html);

    if (javaScriptEnabled) {
      // Live: the preview follows the typing, through the shop's sanitizer.
      await expect.poll(() => preview(page).locator("h2").innerText()).toBe("Petals");
    } else {
      // Without JavaScript: the Preview button shows the form again with its preview; nothing saved.
      expect(await preview(page).innerText()).toBe("Nothing to preview yet.");
      await page.getByRole("button", { name: "Preview", exact: true }).click();
      await page.waitForLoadState("load");
      expect(await toastText(page)).toContain("Nothing is saved yet.");
      expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe(title);
      expect(
        await page.getByRole("group", { name: "Related products" }).getByLabel("Dozen Red Forever Roses").isChecked(),
      ).toBe(true);
      // The file input cannot be kept by a page that comes back without JavaScript: chosen again.
      await page
        .locator("#featured_image_file")
        .setInputFiles({ name: "poppy.jpg", mimeType: "image/jpeg", buffer: JPEG });
    }
    const shown = await preview(page).innerHTML();
    expect(shown).toContain("<h2>Petals</h2><p>Cup each <strong>petal</strong>.</p>");
    expect(shown).not.toMatch(/onerror|<script/);
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? null).catch(() => null),
    ).toBeNull();

    // Saved as a draft: the shop does not show it.
    await page.getByRole("button", { name: "Save draft", exact: true }).click();
    await page.waitForURL((url) => /^\/admin\/blogs\/\d+$/.test(url.pathname));
    await settle(page, javaScriptEnabled);
    await expect.poll(() => toastText(page)).toContain(`“${title}” is saved as a draft.`);
    const slug = await page.getByLabel("Slug", { exact: true }).inputValue();
    expect(slug).toMatch(/^crepe-paper-poppies-/);
    const shopper = await newPage(browser(), javaScriptEnabled);
    const draft = await shopper.page.goto(`/blog/${slug}`);
    expect(draft?.status()).toBe(404);
    expect(await shopper.page.locator("h1").innerText()).toBe("Article Not Found");

    // Published from its page, then read on /blog.
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect.poll(() => toastText(page)).toContain(`“${title}” is published.`);
    await settle(page, javaScriptEnabled);
    await open(shopper.page, "/blog", javaScriptEnabled);
    await shopper.page.getByRole("link", { name: title }).first().click();
    await shopper.page.waitForURL((url) => url.pathname === `/blog/${slug}`);
    await settle(shopper.page, javaScriptEnabled);
    await expect.poll(() => shopper.page.locator("h1").innerText()).toBe(title);
    const article = shopper.page.locator(".prose-article");
    expect(await article.locator("h2").innerText()).toBe("Petals");
    expect(await article.innerHTML()).not.toMatch(/onerror|<script/);
    expect(await shopper.page.getByText("Dozen Red Forever Roses").first().isVisible()).toBe(true);
    // The featured image is the uploaded JPEG, and the browser decodes it.
    const image = shopper.page.locator('img[src^="/uploads/"]').first();
    await image.waitFor();
    if (javaScriptEnabled)
      expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const served = await shopper.page.request.get((await image.getAttribute("src"))!);
    expect(served.headers()["content-type"]).toBe("image/jpeg");
    await shopper.context.close();
    await context.close();
  });

  it("unpublishes a tutorial from the list, and shows bad input under its field", async () => {
    const title = `Listed Lilies ${unique()}`;
    const { context, page } = await asAdmin(javaScriptEnabled, "/admin/blogs/new");
    await page.getByRole("button", { name: "Save and publish", exact: true }).click();
    await expect.poll(() => page.locator("#title-error").innerText()).toBe("The title field is required.");
    expect(await toastText(page)).toContain("Please fix the errors in the form");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByRole("button", { name: "Save and publish", exact: true }).click();
    await page.waitForURL((url) => /^\/admin\/blogs\/\d+$/.test(url.pathname));
    await settle(page, javaScriptEnabled);

    await open(page, `/admin/blogs?search=${encodeURIComponent(title)}`, javaScriptEnabled);
    const row = page.getByRole("table", { name: "Tutorials, newest first" }).locator("tbody tr");
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain("Published");
    await row.getByRole("button", { name: `Unpublish ${title}` }).click();
    await expect.poll(() => toastText(page)).toContain(`“${title}” is unpublished: it is a draft again.`);
    await expect.poll(() => row.innerText()).toContain("Draft");
    expect(new URL(page.url()).searchParams.get("search")).toBe(title);
    await context.close();
  });
});

describe("accessibility of the tutorials' back office", () => {
  it("has no axe violations on the tutorial form (with errors and a preview) and the list", async () => {
    const { context, page } = await asAdmin(true, "/admin/blogs/new");
    await page.getByLabel("Content (HTML)", { exact: true }).fill("<h2>Steps</h2><p>Fold.</p><ul><li>One</li></ul>");
    await expect.poll(() => preview(page).locator("li").count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Save draft", exact: true }).click();
    await expect.poll(() => page.locator("#title-error").count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await open(page, "/admin/blogs", true);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
