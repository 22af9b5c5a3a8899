/**
 * npm run db:grow: a copy of the local database grown to the size of a busy small shop (issue 30):
 * 20,000 products with 51,000 images over 40 categories, 50,000 customers, 200,000 orders with
 * 344,000 lines, 60,000 reviews, 1,500 tutorials, and the history, audit and outbox rows those
 * orders would have made (the real mail templates render every mail).
 *
 *   npm run db:grow                      a fresh `.wrangler/grown` (migrated, seeded, then grown)
 *   npm run db:grow -- --persist-to=DIR  another wrangler persist directory
 *   npm run db:grow -- --until=2026-11-27  the last day of the two years of orders (default: yesterday, UTC)
 *   npm run db:grow -- --scale=0.1       a tenth of every size (a quick try)
 *   npm run db:grow -- --report          nothing grown: the file's bytes per table and per 1,000 orders
 *   tsx scripts/grow.ts --history        the demo shop's past (`npm start` and `npm run db:seed` run it):
 *                                        two years of 3,000 orders, customers and reviews on the seed's own
 *                                        catalogue, added in place to the local database once (a second run
 *                                        adds nothing)
 *
 * Never a remote database: `--remote` is refused, and so is a LIBSQL_URL that is not a `file:`
 * (a `file:` LIBSQL_URL, migrated and seeded already, is grown in place instead of the persist
 * directory). Deterministic: one seeded PRNG draws everything, so two runs with the same `--until`
 * make the same rows. Rows go through the real tables (multi-row INSERTs in large transactions),
 * so every trigger keeps its tables in step. `npm run bench -- --grown` measures the result.
 */
import { createClient, type Client, type InStatement, type InValue } from "@libsql/client";
import { spawnSync } from "node:child_process";
import { existsSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { hashPassword } from "../app/lib/password";
import { mailShop, type MailShop } from "../app/services/mail/context";
import { secretMark } from "../app/services/mail/sealed.server";
import { newOrderMail } from "../app/services/mail/templates/new-order";
import { orderPlacedMail } from "../app/services/mail/templates/order-placed";
import type { MailOrder } from "../app/services/mail/templates/order-parts";
import { orderUpdateMails, type OrderUpdate } from "../app/services/mail/templates/order-update";
import { welcomeMail } from "../app/services/mail/templates/welcome";
import { siteConfigFromSettings } from "../app/lib/site";
import { groupSettings, type SettingRow } from "../app/services/settings.server";
import { REVIEW_FIGURES_SQL } from "../db/seed";
import { DEFAULT_MAIL_RETENTION_DAYS } from "../app/services/mail/outbox.server";
import { MAIL_MESSAGES } from "../app/lib/schemas/admin-mail";
import { seeded } from "../db/seed/prng";
import { d1File } from "./lib/d1-file.mjs";

const root = join(import.meta.dirname, "..");
const args = process.argv.slice(2);
const flag = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
/** The demo shop's past: the local database grown in place, its catalogue and tutorials kept. */
const history = args.includes("--history");
const persistDir = resolve(root, flag("persist-to") ?? (history ? ".wrangler/state" : ".wrangler/grown"));
const scale = Number(flag("scale") ?? 1);
/** The last day with orders: yesterday by default, so that no row is dated later than now. */
const until = flag("until") ?? new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
/** The end of the last day grown (unix seconds): "now" for the mails' retention. */
const lastGrownDay = Math.floor(Date.parse(`${until}T23:59:59Z`) / 1000);

/** The sizes of issue 30, in rows of the whole database (the seed's rows count towards them). */
const SIZES = history
  ? // The demo's: enough for the dashboard's charts and the exports to mean something.
    { categories: 0, products: 0, images: 0, customers: 600, orders: 3_000, lines: 5_100, reviews: 700, tutorials: 0 }
  : {
      categories: 40,
      products: Math.round(20_000 * scale),
      images: Math.round(51_000 * scale),
      customers: Math.round(50_000 * scale),
      orders: Math.round(200_000 * scale),
      lines: Math.round(344_000 * scale),
      reviews: Math.round(60_000 * scale),
      tutorials: Math.round(1_500 * scale),
    };
/** Orders are generated, rendered and written this many at a time (one transaction each). */
const ORDER_CHUNK = 1_000;
/** SQLite's limit of parameters in one statement is 32,766: each multi-row INSERT stays under it. */
const MAX_PARAMS = 30_000;
/** The origin the mails' links start with (a request's origin when the shop writes them). */
const ORIGIN = "https://twistbloom.example";
/** Every grown customer's password (a real hash, made once). */
const PASSWORD = "Grown1234";
const DAY = 86_400;

// ---------------------------------------------------------------- refusals

if (args.includes("--remote")) {
  console.error("db:grow never touches a remote database: it grows a local copy only (drop --remote).");
  process.exit(2);
}
// The directory is removed and made afresh: never the local database `npm start` serves (which
// only the demo's past, `--history`, grows, in place).
if (!history && persistDir === resolve(root, ".wrangler/state")) {
  console.error("db:grow makes its directory afresh: pick another --persist-to than .wrangler/state (npm start's).");
  process.exit(2);
}
const libsqlUrl = process.env.LIBSQL_URL;
if (libsqlUrl && !libsqlUrl.startsWith("file:")) {
  console.error(`db:grow grows a local file only: LIBSQL_URL=${libsqlUrl} is not a file: URL.`);
  process.exit(2);
}
if (!(scale > 0) || !/^\d{4}-\d{2}-\d{2}$/.test(until)) {
  console.error("usage: npm run db:grow -- [--persist-to=DIR] [--until=YYYY-MM-DD] [--scale=0.1] [--report]");
  process.exit(2);
}

// ---------------------------------------------------------------- the deterministic draw

/** One draw for the whole shop, in a fixed order. */
const random = seeded("grown shop");
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
/** An index in [0, n) drawn towards the start: a few best sellers, regular customers. */
const skewed = (n: number, power = 2.2) => Math.min(n - 1, Math.floor(n * random() ** power));
const chance = (p: number) => random() < p;
/** `count` numbers from 1 to `max` adding up to `total` (at least `count`): images per product, lines per order. */
function spread(count: number, total: number, max: number): number[] {
  const counts = Array.from({ length: count }, () => 1);
  for (let extra = Math.min(total, count * max) - count; extra > 0;) {
    const i = Math.floor(random() * count);
    if (counts[i]! < max) {
      counts[i]! += 1;
      extra -= 1;
    }
  }
  return counts;
}
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const code = (length: number) => Array.from({ length }, () => pick([...ALPHABET])).join("");

// ---------------------------------------------------------------- vocabulary

const ADJECTIVES =
  "Blush, Sunlit, Velvet, Wild, Morning, Midnight, Golden, Rustic, Classic, Pastel, Coral, Ivory, Scarlet, Lilac, Meadow, Garden, Cottage, Spring, Autumn, Winter, Summer, Dainty, Grand, Little, Royal, Gentle, Bright, Dusky, Misty, Crimson, Peach, Honey, Citrus, Moonlit, Seaside, Harvest, Petite, Lush, Serene, Joyful".split(
    ", ",
  );
const FLOWERS =
  "Rose, Tulip, Peony, Lily, Orchid, Sunflower, Lavender, Daisy, Carnation, Hydrangea, Ranunculus, Anemone, Freesia, Iris, Dahlia, Chrysanthemum, Gerbera, Magnolia, Jasmine, Lotus, Protea, Camellia, Gardenia, Marigold, Poppy, Sweet Pea, Snapdragon, Aster, Delphinium, Lisianthus, Stock, Alstroemeria, Calla, Hibiscus, Frangipani, Heather, Eucalyptus, Bluebell, Cornflower, Zinnia".split(
    ", ",
  );
const FORMS =
  "Bouquet, Posy, Arrangement, Basket, Box, Bunch, Wreath, Garland, Centrepiece, Hand-tie, Crown, Corsage, Jar, Bloom Box, Spray".split(
    ", ",
  );
const ADDON_FORMS = "Vase, Card, Ribbon, Candle, Chocolates".split(", ");
const CATEGORY_NAMES =
  "Peonies, Orchids, Sunflowers, Lilies, Tulips, Wildflowers, Dried Flowers, Sympathy, Anniversary, Get Well, New Baby, Thank You, Congratulations, Graduation, Housewarming, Corporate, Table Centrepieces, Wreaths, Baskets, Boxed Blooms, Seasonal, Luxury, Under $30, Same-Day, Potted Plants, Succulents, Gift Sets, Subscriptions, Bridal, Tropical, Pastels, Bright & Bold, Whites, Minimalist, Romance, Festive, Mother's Day, Valentine's Day".split(
    ", ",
  );
const COLOURS = "red, pink, white, yellow, orange, purple, lavender, blue, green, peach, cream".split(", ");
const FIRST_NAMES =
  "Ada, Nimal, Kasun, Ishara, Dilani, Sahan, Amaya, Ruwan, Tharushi, Kavindu, Nadeesha, Chamara, Sanduni, Pradeep, Hiruni, Lahiru, Malsha, Dinesh, Anjali, Yasas, Emma, Liam, Olivia, Noah, Sophia, Mia, Lucas, Zara, Arjun, Priya, Hannah, Omar, Leila, Kenji, Aiko, Mateo, Lucia, Grace, Samuel, Chloe".split(
    ", ",
  );
const LAST_NAMES =
  "Perera, Fernando, Silva, de Silva, Jayawardena, Bandara, Wickramasinghe, Gunasekara, Rajapaksa, Dissanayake, Herath, Kumara, Senanayake, Wijesinghe, Rathnayake, Smith, Brown, Khan, Patel, Nakamura, Garcia, Rossi, Müller, Okafor, Nguyen, Cohen, O'Brien, Lee, Martin, Walker".split(
    ", ",
  );
const CITIES = "Colombo, Kandy, Galle, Negombo, Jaffna, Matara, Kurunegala, Nuwara Eliya, Batticaloa".split(", ");
const STREETS = "Galle Road, Temple Road, Lake Drive, Flower Road, Hill Street, Station Road, Park Avenue".split(", ");
const SENTENCES = [
  "Hand-tied by our florists on the morning it is delivered, with stems cut at an angle so they drink well.",
  "Every stem is conditioned overnight in cool water, then wrapped in recycled paper and tied with cotton ribbon.",
  "A generous mix of seasonal blooms and soft foliage, chosen for colour and scent rather than a fixed recipe.",
  "Arrives in a water bubble so it stays fresh on the way; trim the stems and change the water every two days.",
  "Grown by farms we visit ourselves, picked in bud so the flowers open slowly over the week in your home.",
  "Pairs well with a glass vase and a handwritten card; add both at checkout and we will put them together.",
  "Keep it away from direct sun, radiators and ripening fruit, and it will last well beyond a week.",
  "Each one is a little different: we substitute like for like when a flower is out of season.",
  "Made for birthdays, thank-yous and quiet Tuesdays alike, in colours that suit almost any room.",
  "Delivered by our own drivers across the island, with a photo sent when it reaches the door.",
];
const REVIEW_TITLES =
  "Beautiful and fresh, Lasted two weeks, Exactly like the photo, My mother loved it, Lovely scent, Arrived on time, Smaller than expected, Gorgeous colours, Will order again, Perfect gift".split(
    ", ",
  );
const REVIEW_BODIES = [
  "The flowers arrived fresh and well wrapped, and they opened beautifully over the next few days.",
  "Delivery was on the day I chose and the driver called ahead. The card was handwritten, a nice touch.",
  "Colours were a little softer than on the website but still very pretty. Most stems lasted ten days.",
  "Ordered for an anniversary and it was a hit. The scent filled the whole room.",
  "A couple of stems drooped on day three, the rest were fine for over a week after trimming.",
];
const TUTORIAL_VERBS = "How to dry, Caring for, Arranging, Growing, Choosing, Pressing, Styling".split(", ");
const TUTORIAL_ENDINGS = "at home, for beginners, in a small flat, all year round, like a florist, on a budget".split(
  ", ",
);
const GIFT_MESSAGES = [
  "Happy birthday! Wishing you a year as bright as these flowers.",
  "Thinking of you. With love.",
  "Congratulations on the new home!",
  "Thank you for everything you do.",
  "Happy anniversary, my love.",
  null,
];

const slugify = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
const sentences = (count: number) => Array.from({ length: count }, () => pick(SENTENCES)).join(" ");

// ---------------------------------------------------------------- the database file

function dbScript(argv: string[]) {
  const result = spawnSync("npx", ["tsx", "scripts/db.ts", ...argv, `--persist-to=${persistDir}`], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, LIBSQL_URL: "" },
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    process.exit(result.status ?? 1);
  }
}

/** Multi-row INSERTs of `rows` (each in `columns`' order), as few statements as the parameter limit allows. */
function inserts(table: string, columns: string[], rows: InValue[][], tail = ""): InStatement[] {
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  const statements: InStatement[] = [];
  const row = `(${columns.map(() => "?").join(", ")})`;
  for (let start = 0; start < rows.length; start += perStatement) {
    const slice = rows.slice(start, start + perStatement);
    statements.push({
      sql: `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES ${slice.map(() => row).join(", ")}${tail}`,
      args: slice.flat(),
    });
  }
  return statements;
}

/** Rows of one table, buffered, then written with the others of their transaction. */
class Writer {
  private statements: InStatement[] = [];
  constructor(private readonly client: Client) {}
  add(table: string, columns: string[], rows: InValue[][], tail = "") {
    if (rows.length) this.statements.push(...inserts(table, columns, rows, tail));
  }
  push(...statements: InStatement[]) {
    this.statements.push(...statements);
  }
  async flush() {
    if (this.statements.length) await this.client.batch(this.statements, "write");
    this.statements = [];
  }
}

async function rows<T>(client: Client, sql: string, params: InValue[] = []): Promise<T[]> {
  return (await client.execute({ sql, args: params })).rows as unknown as T[];
}
const scalar = async (client: Client, sql: string) => Number((await client.execute(sql)).rows[0]?.[0] ?? 0);
const nextId = (client: Client, table: string) => scalar(client, `SELECT COALESCE(MAX(id), 0) + 1 FROM "${table}"`);

// ---------------------------------------------------------------- the report

/** Bytes per table (its indexes included) from `dbstat`, and the orders' share per 1,000 orders. */
async function report(client: Client, file: string) {
  const perTable = await rows<{ name: string; bytes: number; indexes: number }>(
    client,
    `SELECT COALESCE(m.tbl_name, s.name) AS name, SUM(CASE WHEN m.type = 'index' THEN 0 ELSE s.pgsize END) AS bytes,
            SUM(CASE WHEN m.type = 'index' THEN s.pgsize ELSE 0 END) AS indexes
     FROM dbstat s LEFT JOIN sqlite_schema m ON m.name = s.name
     GROUP BY 1 ORDER BY SUM(s.pgsize) DESC`,
  );
  const orders = await scalar(client, `SELECT COUNT(*) FROM "orders"`);
  const total = perTable.reduce((sum, row) => sum + Number(row.bytes) + Number(row.indexes), 0);
  const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
  const perThousand = (bytes: number) => (orders ? ((bytes / orders) * 1000) / 2 ** 20 : 0).toFixed(2);
  console.log(`\n${file}: ${mb(statSync(file).size)} MB on disk, ${orders} orders\n`);
  console.log("| table | rows | table MB | indexes MB | total MB | share | MB per 1,000 orders |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  const tables = new Set(
    (await rows<{ name: string }>(client, `SELECT name FROM sqlite_schema WHERE type = 'table'`)).map((r) => r.name),
  );
  for (const row of perTable) {
    const bytes = Number(row.bytes) + Number(row.indexes);
    if (bytes < 64 * 1024) continue;
    const count = tables.has(row.name) ? await scalar(client, `SELECT COUNT(*) FROM "${row.name}"`) : "-";
    console.log(
      `| ${row.name} | ${count} | ${mb(Number(row.bytes))} | ${mb(Number(row.indexes))} | ${mb(bytes)} | ${((bytes / total) * 100).toFixed(1)}% | ${perThousand(bytes)} |`,
    );
  }
  console.log(`| all | | | | ${mb(total)} | 100% | ${perThousand(total)} |`);
  // The outbox's bodies by template: what the mails of 1,000 orders weigh.
  const mails = await rows<{ template: string; n: number; bytes: number }>(
    client,
    `SELECT template, COUNT(*) AS n, SUM(length(text) + length(html) + COALESCE(length(secrets), 0)) AS bytes FROM "mail_outbox" GROUP BY template ORDER BY bytes DESC`,
  );
  console.log("\n| mail template | rows | bytes per mail (text, HTML, secrets) | MB per 1,000 orders |");
  console.log("|---|---:|---:|---:|");
  for (const mail of mails)
    console.log(
      `| ${mail.template} | ${mail.n} | ${Math.round(Number(mail.bytes) / Number(mail.n))} | ${perThousand(Number(mail.bytes))} |`,
    );
  // What the orders make: their tables, and the outbox in the share of its bodies that are order mails.
  const bytesOf = (name: string) => {
    const row = perTable.find((r) => r.name === name);
    return row ? Number(row.bytes) + Number(row.indexes) : 0;
  };
  const mailBytes = mails.reduce((sum, mail) => sum + Number(mail.bytes), 0);
  const orderMailBytes = mails
    .filter((mail) => mail.template === "new_order" || mail.template.startsWith("order_"))
    .reduce((sum, mail) => sum + Number(mail.bytes), 0);
  const byOrders =
    ORDER_TABLES.reduce((sum, name) => sum + bytesOf(name), 0) +
    (mailBytes ? (bytesOf("mail_outbox") * orderMailBytes) / mailBytes : 0);
  const d1Limit = 10 * 10 ** 9;
  console.log(
    `
What orders add (${ORDER_TABLES.join(", ")} and their mails in the outbox): ${perThousand(byOrders)} MB per 1,000 orders;` +
      ` at that rate D1's 10 GB limit is reached around ${orders ? Math.round(((d1Limit - (total - byOrders)) / byOrders) * orders).toLocaleString("en-US") : "-"} orders.`,
  );
}

/** The tables an order writes rows into (its mails apart): placeOrder's batch and the status changes'. */
const ORDER_TABLES = ["orders", "order_items", "order_history", "audit_log"];

// ---------------------------------------------------------------- growing

interface Variant {
  id: number;
  productId: number;
  name: string;
  sku: string;
  image: string | null;
  options: string;
  unitCents: number;
}
interface Customer {
  id: number;
  name: string;
  email: string;
  created: number;
}
interface Person {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  city: string;
  country: string;
}

const person = (): Person => ({
  firstName: pick(FIRST_NAMES),
  lastName: pick(LAST_NAMES),
  phone: `+94 7${int(0, 8)} ${int(100, 999)} ${int(1000, 9999)}`,
  address: `${int(1, 400)} ${pick(STREETS)}`,
  city: pick(CITIES),
  country: "LK",
});
/** An address as an order keeps it (the checkout's JSON shape, recipients.server.ts). */
const addressJson = (p: Person, email = "") =>
  JSON.stringify({
    firstName: p.firstName,
    lastName: p.lastName,
    email,
    phone: p.phone,
    address: p.address,
    city: p.city,
    state: "",
    zipCode: `${int(10, 99)}000`,
    country: p.country,
  });
const isoDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

async function growCatalogue(client: Client, writer: Writer, start: number, end: number) {
  // Categories, to 40.
  const existing = await rows<{ slug: string }>(client, `SELECT slug FROM categories`);
  const taken = new Set(existing.map((c) => c.slug));
  const newCategories = CATEGORY_NAMES.filter((name) => !taken.has(slugify(name))).slice(
    0,
    Math.max(0, SIZES.categories - existing.length),
  );
  writer.add(
    "categories",
    ["name", "slug", "description", "sort_order", "is_active"],
    newCategories.map((name, i) => [name, slugify(name), `${name}: ${sentences(2)}`, 100 + i, 1]),
  );
  await writer.flush();
  const categories = await rows<{ id: number }>(client, `SELECT id FROM categories ORDER BY id`);
  const images = (await rows<{ url: string }>(client, `SELECT DISTINCT url FROM product_images ORDER BY url`)).map(
    (r) => r.url,
  );

  // Products, to 20,000: 2.55 images each on average, 1 to 3 colours, one in ten sold in sizes.
  const firstId = await nextId(client, "products");
  const count = Math.max(0, SIZES.products - (await scalar(client, `SELECT COUNT(*) FROM products`)));
  const imageCounts = spread(count, SIZES.images - (await scalar(client, `SELECT COUNT(*) FROM product_images`)), 5);
  const productRows: InValue[][] = [];
  const imageRows: InValue[][] = [];
  const colourRows: InValue[][] = [];
  const sized: Array<{ id: number; sku: string; price: number; image: string }> = [];
  for (let i = 0; i < count; i++) {
    const id = firstId + i;
    const addon = chance(0.03);
    const flower = pick(FLOWERS);
    const name = addon ? `${pick(ADJECTIVES)} ${pick(ADDON_FORMS)}` : `${pick(ADJECTIVES)} ${flower} ${pick(FORMS)}`;
    const sku = `GR-${String(id).padStart(6, "0")}`;
    const price = addon ? int(3, 25) * 100 : int(15, 150) * 100 - 1;
    const sale = chance(0.15) ? Math.round(price * 0.8) : null;
    const active = !chance(0.03);
    const created = int(start - 60 * DAY, end - DAY);
    const pictures = Array.from({ length: imageCounts[i]! }, () => pick(images));
    productRows.push([
      id,
      pick(categories).id,
      name,
      `${slugify(name)}-${id}`,
      sku,
      `${name}: ${pick(SENTENCES)}`,
      `<p>${sentences(3)}</p><p>${sentences(3)}</p>`,
      price,
      sale,
      int(0, 200),
      addon ? 1 : 0,
      pictures[0]!,
      chance(0.01) ? 1 : 0,
      active ? 1 : 0,
      active ? null : int(created, end),
      int(200, 2500),
      `${int(20, 60)} x ${int(15, 40)} cm`,
      `${flower.toLowerCase()}, ${pick(COLOURS)}, flowers`,
      created,
      created,
    ]);
    pictures.forEach((url, position) =>
      imageRows.push([id, url, position === 0 ? name : `${name}, view ${position + 1}`, position]),
    );
    for (const colour of new Set(Array.from({ length: int(1, 3) }, () => pick(COLOURS)))) colourRows.push([id, colour]);
    if (!addon && chance(0.1)) sized.push({ id, sku, price, image: pictures[0]! });
  }
  writer.add(
    "products",
    [
      "id",
      "category_id",
      "name",
      "slug",
      "sku",
      "short_description",
      "description",
      "price_cents",
      "sale_price_cents",
      "stock",
      "is_addon",
      "image",
      "is_featured",
      "is_active",
      "archived_at",
      "weight_grams",
      "dimensions",
      "meta_keywords",
      "created_at",
      "updated_at",
    ],
    productRows,
  );
  writer.add("product_images", ["product_id", "url", "alt", "sort_order"], imageRows);
  writer.add("product_colors", ["product_id", "color"], colourRows);
  await writer.flush();

  // Sizes: the option, its three values, three variants; then the implicit variant leaves (as the seed does).
  const firstOption = await nextId(client, "product_options");
  const sizes = [
    ["Posy", 0.7],
    ["Bouquet", 1],
    ["Grand", 1.6],
  ] as const;
  writer.add(
    "product_options",
    ["id", "product_id", "name", "position"],
    sized.map((p, i) => [firstOption + i, p.id, "Size", 0]),
  );
  writer.add(
    "product_option_values",
    ["option_id", "value", "position"],
    sized.flatMap((p, i) => sizes.map(([value], position) => [firstOption + i, value, position])),
  );
  writer.add(
    "product_variants",
    ["product_id", "sku", "options", "price_cents", "stock", "image", "position"],
    sized.flatMap((p) =>
      sizes.map(([value, factor], position) => [
        p.id,
        `${p.sku}-${value[0]}`,
        JSON.stringify({ Size: value }),
        Math.round(p.price * factor),
        int(0, 60),
        p.image,
        position,
      ]),
    ),
  );
  for (let i = 0; i < sized.length; i += 5_000) {
    const ids = sized.slice(i, i + 5_000).map((p) => p.id);
    writer.push({
      sql: `DELETE FROM product_variants WHERE options = '{}' AND product_id IN (${ids.map(() => "?").join(",")})`,
      args: ids,
    });
  }
  await writer.flush();
  console.log(
    `  ${count} products, ${imageRows.length} images, ${colourRows.length} colours, ${sized.length} in sizes`,
  );
}

async function growCustomers(client: Client, writer: Writer, shop: MailShop, start: number, end: number) {
  const hash = await hashPassword(PASSWORD);
  const firstId = await nextId(client, "users");
  const count = Math.max(0, SIZES.customers - (await scalar(client, `SELECT COUNT(*) FROM users`)));
  const role = await scalar(client, `SELECT id FROM roles WHERE name = 'customer'`);
  for (let from = 0; from < count; from += 10_000) {
    const users: InValue[][] = [];
    const roles: InValue[][] = [];
    const mails: InValue[][] = [];
    for (let i = from; i < Math.min(count, from + 10_000); i++) {
      const id = firstId + i;
      const p = person();
      const name = `${p.firstName} ${p.lastName}`;
      const email = `${slugify(p.firstName)}.${slugify(p.lastName)}.${id}@example.com`;
      const created = int(start - 90 * DAY, end - DAY);
      users.push([
        id,
        name,
        email,
        hash,
        p.phone,
        p.address,
        p.city,
        p.country,
        chance(0.8) ? created + 600 : null,
        created,
        created,
      ]);
      roles.push([id, role]);
      mails.push(outboxRow(email, "welcome", welcomeMail({ shop, name }), created, null));
    }
    writer.add(
      "users",
      [
        "id",
        "name",
        "email",
        "password_hash",
        "phone",
        "address",
        "city",
        "country",
        "email_verified_at",
        "created_at",
        "updated_at",
      ],
      users,
    );
    writer.add("user_roles", ["user_id", "role_id"], roles);
    writer.add("mail_outbox", OUTBOX_COLUMNS, mails);
    await writer.flush();
  }
  console.log(`  ${count} customers`);
}

const OUTBOX_COLUMNS = [
  "id",
  "to_address",
  "subject",
  "template",
  "text",
  "html",
  "status",
  "attempts",
  "transport",
  "claimed_at",
  "created_at",
  "sent_at",
  "secrets",
  "body_removed_at",
];
/** A deterministic UUID-shaped id. */
const uuid = () => {
  const hex = Array.from({ length: 32 }, () => "0123456789abcdef"[Math.floor(random() * 16)]).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
};
/** Sealed secrets' size: AES-GCM of `{ mark: link }`, base64url (as sealSecrets writes them). */
const sealed = () =>
  Array.from(
    { length: 264 },
    () => "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[int(0, 63)],
  ).join("");
/**
 * A sent mail as the outbox holds it on the last day grown: past the retention setting's days, the
 * nightly sweep has emptied its body (what `removeOldMailBodies` writes), so the file's size is what
 * a shop of this age keeps.
 */
function outboxRow(
  to: string,
  template: string,
  mail: { subject: string; text: string; html: string },
  created: number,
  secrets: string | null,
): InValue[] {
  const sent = created + 3;
  const removed = sent + DEFAULT_MAIL_RETENTION_DAYS * DAY;
  const emptied = removed <= lastGrownDay;
  return [
    uuid(),
    to,
    mail.subject,
    template,
    emptied ? MAIL_MESSAGES.bodyRemoved(DEFAULT_MAIL_RETENTION_DAYS) : mail.text,
    emptied ? "" : mail.html,
    "sent",
    1,
    "resend",
    created + 2,
    created,
    sent,
    emptied ? null : secrets,
    emptied ? removed : null,
  ];
}

/** The second Sunday of May (Mother's Day in the United States, where the shop is), day of the month. */
function mothersDay(year: number): number {
  const firstOfMay = new Date(Date.UTC(year, 4, 1)).getUTCDay();
  return 1 + ((7 - firstOfMay) % 7) + 7;
}

/** How many times busier than most days a day is: the week before Valentine's Day and Mother's Day, and December. */
function seasonal(time: number): number {
  const date = new Date(time * 1000);
  const [month, day] = [date.getUTCMonth(), date.getUTCDate()];
  if (month === 1 && day >= 7 && day <= 14) return 4;
  const mothers = month === 4 ? mothersDay(date.getUTCFullYear()) : 0;
  if (month === 4 && day >= mothers - 7 && day <= mothers) return 4;
  if (month === 11 && day <= 24) return 1.5;
  return 1;
}
const BUSIEST = 4;

/** An order's time: two years, more of them lately (a shop that grows), with the season's peaks. */
function orderTime(start: number, end: number): number {
  for (;;) {
    const time = Math.floor(end - (end - start) * random() ** 1.3);
    if (random() * BUSIEST < seasonal(time)) return time;
  }
}

async function growOrders(client: Client, writer: Writer, shop: MailShop, start: number, end: number) {
  const variants = (
    await rows<Variant>(
      client,
      `SELECT v.id, v.product_id AS productId, p.name, v.sku, COALESCE(v.image, p.image) AS image, v.options, v.unit_price_cents AS unitCents
       FROM product_variants v JOIN products p ON p.id = v.product_id WHERE v.is_active = 1 AND p.is_addon = 0 ORDER BY p.sold_count DESC, v.id`,
    )
  ).map((v) => ({ ...v, id: Number(v.id), productId: Number(v.productId), unitCents: Number(v.unitCents) }));
  const customers = await rows<Customer>(
    client,
    `SELECT u.id, u.name, u.email, u.created_at AS created FROM users u JOIN user_roles r ON r.user_id = u.id JOIN roles ro ON ro.id = r.role_id AND ro.name = 'customer' ORDER BY u.id`,
  );
  const methods = await rows<{ id: number; name: string; cost: number }>(
    client,
    `SELECT id, name, cost_cents AS cost FROM shipping_methods WHERE is_active = 1 ORDER BY sort_order`,
  );
  const coupons = await rows<{ id: number; code: string }>(
    client,
    `SELECT id, code FROM coupons WHERE type = 'percentage'`,
  );
  const staff = (
    await rows<{ id: number; name: string; email: string }>(
      client,
      `SELECT u.id, u.name, u.email FROM users u JOIN user_roles r ON r.user_id = u.id JOIN roles ro ON ro.id = r.role_id AND ro.name IN ('admin', 'super-admin') ORDER BY u.id`,
    )
  )[0] ?? { id: null, name: "Shop", email: "shop@twistbloom.test" };

  const count = Math.max(0, SIZES.orders - (await scalar(client, `SELECT COUNT(*) FROM orders`)));
  const lineCounts = spread(count, SIZES.lines - (await scalar(client, `SELECT COUNT(*) FROM order_items`)), 5);
  // Two years of orders, more of them lately (a shop that grows), in order of time: ids follow dates.
  const times = Array.from({ length: count }, () => orderTime(start, end)).sort((a, b) => a - b);
  const numbers = new Set((await rows<{ n: string }>(client, `SELECT order_number AS n FROM orders`)).map((r) => r.n));
  const invoices = new Map<number, number>(
    (await rows<{ year: number; last: number }>(client, `SELECT year, last FROM invoice_counters`)).map((r) => [
      Number(r.year),
      Number(r.last),
    ]),
  );
  const sold = new Map<number, number>();
  const firstId = await nextId(client, "orders");
  const history: InValue[][] = [];
  const audit: InValue[][] = [];
  const mails: InValue[][] = [];
  const orderRows: InValue[][] = [];
  const lineRows: InValue[][] = [];
  const started = Date.now();
  for (let i = 0; i < count; i++) {
    const id = firstId + i;
    const created = times[i]!;
    const age = (end - created) / DAY;
    let number: string;
    do number = `TB-${isoDay(created).slice(2).replaceAll("-", "")}-${code(5)}`;
    while (numbers.has(number));
    numbers.add(number);
    const customer = chance(0.65) ? customers[skewed(customers.length, 1.6)]! : null;
    const buyer = person();
    if (customer) {
      // The account's name, as the checkout form is filled in from it.
      const [first = "", last = ""] = customer.name.split(/ (.*)/);
      Object.assign(buyer, { firstName: first, lastName: last });
    }
    const email = customer?.email ?? `${slugify(buyer.firstName)}.${int(1, 999_999)}@example.net`;
    const gift = chance(0.12) ? { recipient: person(), message: pick(GIFT_MESSAGES), hidePrices: chance(0.4) } : null;
    const method = pick(methods);
    const lines = Array.from({ length: lineCounts[i]! }, () => {
      const v = variants[skewed(variants.length)]!;
      const quantity = chance(0.85) ? 1 : int(2, 3);
      return { v, quantity, total: v.unitCents * quantity };
    });
    const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
    const coupon = coupons.length && chance(0.05) ? pick(coupons) : null;
    const discount = coupon ? Math.round(subtotal * 0.1) : 0;
    const shipping = subtotal >= 10_000 ? 0 : Number(method.cost);
    const total = subtotal + shipping - discount;
    const deliveryDate = age < 240 || gift ? isoDay(created + int(1, 6) * DAY) : null;

    // Along the lifecycle: old orders delivered (some cancelled), the last days' still moving.
    const steps: Array<"processing" | "shipped" | "delivered" | "cancelled"> = [];
    const roll = random();
    if (age > 10)
      steps.push(
        ...(roll < 0.92
          ? (["processing", "shipped", "delivered"] as const)
          : roll < 0.96
            ? (["cancelled"] as const)
            : (["processing", "cancelled"] as const)),
      );
    else if (age > 3)
      steps.push(
        ...(roll < 0.6
          ? (["processing", "shipped", "delivered"] as const)
          : roll < 0.85
            ? (["processing", "shipped"] as const)
            : roll < 0.95
              ? (["processing"] as const)
              : (["cancelled"] as const)),
      );
    else
      steps.push(
        ...(roll < 0.4
          ? []
          : roll < 0.75
            ? (["processing"] as const)
            : roll < 0.95
              ? (["processing", "shipped"] as const)
              : (["cancelled"] as const)),
      );
    const status = steps[steps.length - 1] ?? "pending";
    const paid = status === "delivered" || (status === "shipped" && chance(0.2));
    const stepTime = (step: number) => Math.min(end, created + [0, 3 * 3600, DAY, 2 * DAY][step]! + int(0, 3600));
    const paidAt = paid ? stepTime(steps.length) : null;

    const year = Number(isoDay(created).slice(0, 4));
    const invoice = (invoices.get(year) ?? 0) + 1;
    invoices.set(year, invoice);
    const billing = addressJson(buyer, email);
    const shippingAddress = gift ? addressJson(gift.recipient) : billing;
    const customerName = `${buyer.firstName} ${buyer.lastName}`.trim();
    orderRows.push([
      id,
      number,
      customer?.id ?? null,
      status,
      "cash_on_delivery",
      paid ? "paid" : "pending",
      email,
      subtotal,
      shipping,
      0,
      discount,
      total,
      coupon?.id ?? null,
      coupon?.code ?? null,
      method.id,
      method.name,
      shippingAddress,
      billing,
      chance(0.05) ? "Please ring the bell twice." : null,
      paidAt,
      1 + steps.length,
      gift ? 1 : 0,
      gift?.message ?? null,
      gift?.hidePrices ? 1 : 0,
      deliveryDate,
      `INV-${year}-${String(invoice).padStart(6, "0")}`,
      created,
      stepTime(steps.length),
    ]);
    for (const line of lines) {
      lineRows.push([
        id,
        line.v.productId,
        line.v.name,
        line.v.sku,
        line.v.image,
        line.v.id,
        line.v.options,
        line.quantity,
        line.v.unitCents,
        line.total,
      ]);
      if (status !== "cancelled") sold.set(line.v.productId, (sold.get(line.v.productId) ?? 0) + line.quantity);
    }

    // The history, the staff's audit rows and the mails, as placeOrder and the status changes write them.
    history.push([id, "status", null, "pending", customer?.id ?? null, customer ? customerName : "Guest", created]);
    let from = "pending";
    steps.forEach((to, step) => {
      const at = stepTime(step + 1);
      const paying = paid && step === steps.length - 1;
      history.push([id, "status", from, to, staff.id, staff.name, at]);
      if (paying) history.push([id, "payment", "pending", "paid", staff.id, staff.name, at]);
      audit.push([
        staff.id,
        staff.name,
        staff.email,
        "transition",
        "order",
        String(id),
        `Order ${number}: status ${from} → ${to}${paying ? "; cash collected" : ""}`,
        JSON.stringify(paying ? { status: [from, to], payment_status: ["pending", "paid"] } : { status: [from, to] }),
        at,
      ]);
      from = to;
    });
    const mailOrder: MailOrder = {
      number,
      customer_name: customerName,
      email,
      items: lines.map((line) => ({
        name: line.v.name,
        options: Object.entries(JSON.parse(line.v.options) as Record<string, string>)
          .map(([name, value]) => `${name}: ${value}`)
          .join(" · "),
        sku: line.v.sku,
        quantity: line.quantity,
        unit_cents: line.v.unitCents,
        total_cents: line.total,
      })),
      subtotal_cents: subtotal,
      shipping_cents: shipping,
      tax_cents: 0,
      discount_cents: discount,
      total_cents: total,
      coupon_code: coupon?.code ?? null,
      shipping_method: method.name,
      address: JSON.parse(shippingAddress),
      notes: null,
      delivery_date: deliveryDate,
      gift: gift ? { message: gift.message, hide_prices: gift.hidePrices } : null,
    };
    // A guest's link is sealed (a mark in the body, the link in `secrets`); a customer's is their order's page.
    const guestMark = customer ? null : secretMark("order_link");
    const link = guestMark ?? `${ORIGIN}/orders/${id}`;
    const secrets = guestMark ? sealed() : null;
    mails.push(
      outboxRow(
        email,
        "order_placed",
        orderPlacedMail({ shop, order: mailOrder, link, guest: !customer }),
        created,
        secrets,
      ),
    );
    if (shop.email)
      mails.push(
        outboxRow(
          shop.email,
          "new_order",
          newOrderMail({ shop, order: mailOrder, orderId: id, guest: !customer }),
          created,
          null,
        ),
      );
    steps.forEach((to, step) => {
      if (to === "processing") return;
      const mail = orderUpdateMails[to as OrderUpdate]({
        shop,
        link,
        order: {
          number,
          customer_name: customerName,
          total_cents: total,
          payment_status: paid && step === steps.length - 1 ? "paid" : "pending",
          delivery_date: deliveryDate,
          recipient: gift ? `${gift.recipient.firstName} ${gift.recipient.lastName}` : null,
        },
      });
      mails.push(outboxRow(email, `order_${to}`, mail, stepTime(step + 1), secrets && sealed()));
    });

    if ((i + 1) % ORDER_CHUNK === 0 || i === count - 1) {
      writer.add("orders", ORDER_COLUMNS, orderRows.splice(0));
      writer.add(
        "order_items",
        [
          "order_id",
          "product_id",
          "product_name",
          "product_sku",
          "product_image",
          "variant_id",
          "variant_options",
          "quantity",
          "price_cents",
          "total_cents",
        ],
        lineRows.splice(0),
      );
      writer.add(
        "order_history",
        ["order_id", "kind", "from_value", "to_value", "actor_id", "actor_name", "created_at"],
        history.splice(0),
      );
      writer.add(
        "audit_log",
        ["actor_id", "actor_name", "actor_email", "action", "entity", "entity_id", "summary", "changes", "created_at"],
        audit.splice(0),
      );
      writer.add("mail_outbox", OUTBOX_COLUMNS, mails.splice(0));
      await writer.flush();
      if ((i + 1) % 20_000 === 0) console.log(`  ${i + 1} orders (${Math.round((Date.now() - started) / 1000)} s)`);
    }
  }
  // The year's invoice counters and the products' sales, as the orders' batches keep them.
  writer.add(
    "invoice_counters",
    ["year", "last"],
    [...invoices].map(([year, last]) => [year, last]),
    ` ON CONFLICT ("year") DO UPDATE SET "last" = excluded."last"`,
  );
  writer.push(
    ...[...sold].map(([id, quantity]) => ({
      sql: `UPDATE products SET sold_count = sold_count + ? WHERE id = ?`,
      args: [quantity, id],
    })),
  );
  await writer.flush();
  console.log(`  ${count} orders`);
}

const ORDER_COLUMNS = [
  "id",
  "order_number",
  "user_id",
  "status",
  "payment_method",
  "payment_status",
  "email",
  "subtotal_cents",
  "shipping_cents",
  "tax_cents",
  "discount_cents",
  "total_cents",
  "coupon_id",
  "coupon_code",
  "shipping_method_id",
  "shipping_method_name",
  "shipping_address",
  "billing_address",
  "notes",
  "paid_at",
  "version",
  "is_gift",
  "gift_message",
  "gift_hide_prices",
  "delivery_date",
  "invoice_number",
  "created_at",
  "updated_at",
];

async function growReviews(client: Client, writer: Writer, start: number, end: number) {
  const count = Math.max(0, SIZES.reviews - (await scalar(client, `SELECT COUNT(*) FROM reviews`)));
  const products = await rows<{ id: number }>(
    client,
    `SELECT id FROM products WHERE is_addon = 0 ORDER BY sold_count DESC, id`,
  );
  const customers = await rows<{ id: number; name: string }>(
    client,
    `SELECT u.id, u.name FROM users u JOIN user_roles r ON r.user_id = u.id JOIN roles ro ON ro.id = r.role_id AND ro.name = 'customer' ORDER BY u.id`,
  );
  const seen = new Set<string>();
  const reviewRows: InValue[][] = [];
  while (reviewRows.length < count) {
    const product = products[skewed(products.length)]!;
    const user = pick(customers);
    const key = `${product.id}:${user.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const created = int(start, end);
    const status = chance(0.9) ? "approved" : chance(0.7) ? "pending" : "rejected";
    reviewRows.push([
      product.id,
      user.id,
      pick([5, 5, 5, 4, 4, 3, 2, 1]),
      pick(REVIEW_TITLES),
      pick(REVIEW_BODIES),
      user.name,
      chance(0.6) ? 1 : 0,
      status,
      created,
      created,
    ]);
  }
  writer.add(
    "reviews",
    [
      "product_id",
      "user_id",
      "rating",
      "title",
      "body",
      "author_name",
      "verified_purchase",
      "status",
      "created_at",
      "updated_at",
    ],
    reviewRows,
    " ON CONFLICT DO NOTHING",
  );
  writer.push(REVIEW_FIGURES_SQL);
  await writer.flush();
  console.log(`  ${count} reviews`);
}

async function growTutorials(client: Client, writer: Writer, start: number, end: number) {
  const count = Math.max(0, SIZES.tutorials - (await scalar(client, `SELECT COUNT(*) FROM blogs`)));
  const models = await rows<{ content: string; excerpt: string; featured_image: string | null; author_name: string }>(
    client,
    `SELECT content, excerpt, featured_image, author_name FROM blogs WHERE status = 'published' ORDER BY id`,
  );
  const categories = await rows<{ id: number }>(client, `SELECT id FROM blog_categories ORDER BY id`);
  const tags = (await rows<{ tag: string }>(client, `SELECT DISTINCT tag FROM blog_tags ORDER BY tag`)).map(
    (r) => r.tag,
  );
  const productCount = await scalar(client, `SELECT MAX(id) FROM products`);
  const firstId = await nextId(client, "blogs");
  const blogs: InValue[][] = [];
  const links: InValue[][] = [];
  const tagRows: InValue[][] = [];
  const related: InValue[][] = [];
  for (let i = 0; i < count; i++) {
    const id = firstId + i;
    const model = pick(models);
    const title = `${pick(TUTORIAL_VERBS)} ${pick(FLOWERS).toLowerCase()}s ${pick(TUTORIAL_ENDINGS)}`;
    const published = chance(0.95);
    const at = int(start - 365 * DAY, end);
    blogs.push([
      id,
      `${slugify(title)}-${id}`,
      title,
      model.excerpt,
      model.content,
      model.featured_image,
      pick(["beginner", "intermediate", "advanced"]),
      model.author_name,
      published ? "published" : "draft",
      published ? at : null,
      int(3, 12),
      int(0, 5000),
      int(0, 300),
      at,
      at,
    ]);
    if (categories.length) links.push([id, pick(categories).id]);
    for (const tag of new Set([pick(tags), pick(tags)])) if (tag) tagRows.push([id, tag]);
    for (const product of new Set([int(1, productCount), int(1, productCount)])) related.push([id, product, 0]);
  }
  writer.add(
    "blogs",
    [
      "id",
      "slug",
      "title",
      "excerpt",
      "content",
      "featured_image",
      "difficulty",
      "author_name",
      "status",
      "published_at",
      "reading_time",
      "view_count",
      "like_count",
      "created_at",
      "updated_at",
    ],
    blogs,
  );
  writer.add("blog_category_links", ["blog_id", "category_id"], links);
  writer.add("blog_tags", ["blog_id", "tag"], tagRows);
  writer.add("blog_related_products", ["blog_id", "product_id", "sort_order"], related, " ON CONFLICT DO NOTHING");
  await writer.flush();
  console.log(`  ${count} tutorials`);
}

async function main() {
  let file: string;
  if (libsqlUrl) {
    file = resolve(root, libsqlUrl.slice("file:".length));
  } else if (args.includes("--report") || history) {
    file = d1File(persistDir) ?? "";
  } else {
    rmSync(persistDir, { recursive: true, force: true });
    dbScript(["migrate"]);
    dbScript(["seed"]);
    file = d1File(persistDir) ?? "";
  }
  if (!file || !existsSync(file)) {
    console.error(
      history
        ? `No database in ${persistDir}: run npm run db:migrate and npm run db:seed first.`
        : `No database in ${persistDir}: run npm run db:grow first.`,
    );
    process.exit(1);
  }
  const client = createClient({ url: `file:${file}` });
  if (args.includes("--report")) {
    await report(client, file);
    client.close();
    return;
  }
  const began = Date.now();
  await client.execute("PRAGMA synchronous = OFF");
  await client.execute("PRAGMA cache_size = -262144");
  const settings = await rows<SettingRow>(client, `SELECT * FROM settings`);
  const shop = mailShop({ origin: ORIGIN, site: siteConfigFromSettings(groupSettings(settings)) });
  const end = Math.floor(Date.parse(`${until}T23:59:59Z`) / 1000);
  const start = end - 730 * DAY;
  const writer = new Writer(client);
  console.log(`Growing ${file} (orders from ${isoDay(start)} to ${until})`);
  if (!history) {
    await growCatalogue(client, writer, start, end);
    await growTutorials(client, writer, start, end);
  }
  await growCustomers(client, writer, shop, start, end);
  await growOrders(client, writer, shop, start, end);
  await growReviews(client, writer, start, end);
  console.log(`Grown in ${Math.round((Date.now() - began) / 1000)} s`);
  if (!history) await report(client, file);
  client.close();
}

await main();
