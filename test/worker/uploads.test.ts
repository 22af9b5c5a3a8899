import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../functions/worker";
import { ADMIN, CUSTOMER, OWNER } from "../fixtures/accounts";
import { fileForm, JPEG_BYTES, oversizePng, PNG_BYTES, TEXT_BYTES, WEBP_BYTES } from "../fixtures/images";
import { apiToken, csrfOf, loggedIn } from "./fixtures";
import { get } from "./helpers";

// POST /api/admin/uploads into R2 and GET /uploads/{key}: the type read from the bytes, the limits
// (413, 415) with nothing stored, one object per content, immutable caching, and the daily clean-up.

let counter = 0;
const newIp = () => `198.51.100.${(counter++ % 250) + 1}`;

let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  [adminToken, customerToken] = await Promise.all([apiToken(newIp(), ADMIN), apiToken(newIp(), CUSTOMER)]);
});

async function upload(form: FormData, token?: string, headers: Record<string, string> = {}) {
  const response = await get("/api/admin/uploads", {
    method: "POST",
    headers: {
      Accept: "application/json",
      "CF-Connecting-IP": newIp(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function storedKeys(): Promise<string[]> {
  return (await env.UPLOADS!.list()).objects.map((object) => object.key);
}

describe("POST /api/admin/uploads", () => {
  it("refuses a guest (401) and a customer (403), storing nothing", async () => {
    const before = await storedKeys();
    expect((await upload(fileForm(PNG_BYTES, "a.png", "image/png"))).status).toBe(401);
    expect((await upload(fileForm(PNG_BYTES, "a.png", "image/png"), customerToken)).status).toBe(403);
    expect(await storedKeys()).toEqual(before);
  });

  it.each([
    ["PNG", PNG_BYTES, "flower.png", "image/png", "png"],
    ["JPEG", JPEG_BYTES, "flower.jpg", "image/jpeg", "jpg"],
    ["WebP", WEBP_BYTES, "flower.webp", "image/webp", "webp"],
  ])(
    "stores a %s image under its content's hash and answers 201 with its url, key, size and type",
    async (_name, bytes, filename, type, ext) => {
      const { status, body } = await upload(fileForm(bytes, filename, type), adminToken);
      expect(status).toBe(201);
      expect(body.data).toEqual({
        url: `/uploads/${body.data.key}`,
        key: expect.stringMatching(new RegExp(`^[0-9a-f]{64}\\.${ext}$`)),
        size: bytes.length,
        type,
      });
      const object = await env.UPLOADS!.get(body.data.key);
      expect(new Uint8Array(await object!.arrayBuffer())).toEqual(bytes);
    },
  );

  it("decides the type from the bytes, not the name or the declared type", async () => {
    const { status, body } = await upload(fileForm(WEBP_BYTES, "holiday.png", "image/png"), adminToken);
    expect(status).toBe(201);
    expect(body.data.type).toBe("image/webp");
    expect(body.data.key).toMatch(/\.webp$/);
  });

  it("refuses text renamed .png with a 415 naming the allowed types, storing nothing", async () => {
    const before = await storedKeys();
    const { status, body } = await upload(fileForm(TEXT_BYTES, "photo.png", "image/png"), adminToken);
    expect(status).toBe(415);
    expect(body).toEqual({
      success: false,
      message: "The file must be an image of type image/jpeg, image/png or image/webp.",
    });
    expect(await storedKeys()).toEqual(before);
  });

  it("refuses a file over 5,242,880 bytes with a 413, storing nothing", async () => {
    const before = await storedKeys();
    const { status, body } = await upload(fileForm(oversizePng(), "huge.png", "image/png"), adminToken);
    expect(status).toBe(413);
    expect(body).toEqual({ success: false, message: "The file may not be greater than 5242880 bytes (5 MB)." });
    expect(await storedKeys()).toEqual(before);
  });

  it("asks for a file when none came (422 naming the field)", async () => {
    const form = new FormData();
    form.append("other", "x");
    const { status, body } = await upload(form, adminToken);
    expect(status).toBe(422);
    expect(body.errors).toEqual({ file: ["Choose an image to upload."] });
  });

  it("keeps one object when the same image is uploaded twice", async () => {
    const first = await upload(fileForm(PNG_BYTES, "one.png", "image/png"), adminToken);
    const second = await upload(fileForm(PNG_BYTES, "two-names-same-bytes.png", "image/png"), adminToken);
    expect(second.body.data.key).toBe(first.body.data.key);
    expect((await storedKeys()).filter((key) => key === first.body.data.key)).toHaveLength(1);
  });

  it("records each upload in the audit log", async () => {
    const { body } = await upload(fileForm(JPEG_BYTES, "audit.jpg", "image/jpeg"), adminToken);
    const audit = await get(`/api/admin/audit?entity=upload&entity_id=${body.data.key}`, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    const entries = ((await audit.json()) as any).data.data;
    expect(entries[0]).toMatchObject({
      action: "upload",
      entity: "upload",
      entity_id: body.data.key,
      actor: { email: ADMIN.email },
    });
  });

  it("takes a staff browser's session cookie only with the page's CSRF token", async () => {
    const jar = await loggedIn(OWNER, newIp());
    const cookie = jar.header();
    expect((await upload(fileForm(PNG_BYTES, "a.png", "image/png"), undefined, { Cookie: cookie })).status).toBe(403);
    const csrf = await csrfOf(jar);
    expect(
      (
        await upload(fileForm(PNG_BYTES, "a.png", "image/png"), undefined, {
          Cookie: jar.header(),
          "X-CSRF-Token": csrf,
        })
      ).status,
    ).toBe(201);
  });
});

describe("GET /uploads/{key}", () => {
  let key: string;
  beforeAll(async () => {
    key = (await upload(fileForm(JPEG_BYTES, "served.jpg", "image/jpeg"), adminToken)).body.data.key;
  });

  it("serves the image with its type and a year's immutable caching", async () => {
    const response = await get(`/uploads/${key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(JPEG_BYTES);
  });

  it("answers 304 to a browser that has it, and HEAD without a body", async () => {
    const first = await get(`/uploads/${key}`);
    await first.arrayBuffer();
    const again = await get(`/uploads/${key}`, { headers: { "If-None-Match": first.headers.get("ETag")! } });
    expect(again.status).toBe(304);
    const head = await get(`/uploads/${key}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Length")).toBe(String(JPEG_BYTES.length));
  });

  it("is a 404 for an unknown or malformed key", async () => {
    expect((await get(`/uploads/${"0".repeat(64)}.png`)).status).toBe(404);
    expect((await get("/uploads/../wrangler.toml")).status).toBe(404);
    expect((await get("/uploads/not-a-key.svg")).status).toBe(404);
  });
});

describe("the daily clean-up (Cron Trigger)", () => {
  async function runCron() {
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: "17 3 * * *", scheduledTime: new Date() }), env, ctx);
    await waitOnExecutionContext(ctx);
  }
  const age = (key: string, seconds: number) =>
    env.DB.prepare("UPDATE uploads SET created_at = unixepoch() - ? WHERE key = ?").bind(seconds, key).run();

  it("removes old images nothing refers to, and keeps referenced and recent ones", async () => {
    const orphan = (await upload(fileForm(oversizePng().subarray(0, 64), "orphan.png", "image/png"), adminToken)).body
      .data.key;
    const recent = (
      await upload(
        fileForm(new Uint8Array([...PNG_BYTES.subarray(0, 8), 1, 2, 3]), "recent.png", "image/png"),
        adminToken,
      )
    ).body.data.key;
    const used = (
      await upload(
        fileForm(new Uint8Array([...PNG_BYTES.subarray(0, 8), 4, 5, 6]), "used.png", "image/png"),
        adminToken,
      )
    ).body.data.key;
    const inArticle = (
      await upload(
        fileForm(new Uint8Array([...PNG_BYTES.subarray(0, 8), 7, 8, 9]), "inline.png", "image/png"),
        adminToken,
      )
    ).body.data.key;
    await env.DB.prepare("UPDATE categories SET image = ? WHERE id = (SELECT MIN(id) FROM categories)")
      .bind(`/uploads/${used}`)
      .run();
    await env.DB.prepare("UPDATE blogs SET content = content || ? WHERE id = (SELECT MIN(id) FROM blogs)")
      .bind(`<img src="/uploads/${inArticle}">`)
      .run();
    for (const key of [orphan, used, inArticle]) await age(key, 2 * 86_400);

    await runCron();

    const keys = await storedKeys();
    expect(keys).not.toContain(orphan);
    expect(keys).toEqual(expect.arrayContaining([recent, used, inArticle]));
    expect((await get(`/uploads/${orphan}`)).status).toBe(404);
    expect((await get(`/uploads/${used}`)).status).toBe(200);
  });

  it("brings an image back when it is uploaded again after the clean-up", async () => {
    const bytes = new Uint8Array([...PNG_BYTES.subarray(0, 8), 10, 11]);
    const key = (await upload(fileForm(bytes, "again.png", "image/png"), adminToken)).body.data.key;
    await age(key, 2 * 86_400);
    await runCron();
    expect((await get(`/uploads/${key}`)).status).toBe(404);
    expect((await upload(fileForm(bytes, "again.png", "image/png"), adminToken)).status).toBe(201);
    expect((await get(`/uploads/${key}`)).status).toBe(200);
  });
});
