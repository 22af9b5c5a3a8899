/**
 * Writes the seed illustrations under public/images/: pipe-cleaner flower drawings as small,
 * standalone SVG files, deterministic from each slug (seeded PRNG), so re-running the script
 * reproduces the same bytes.
 *
 *   npx tsx db/seed/generate-images.ts
 *
 * Output: products/<slug>-<n>.svg for every product image path in the seed data,
 * categories/<slug>.svg, blog/<slug>.svg, avatars/<author>.svg, home/*.svg (hero images and the
 * default social image), logo.svg and placeholder.svg. Stale .svg files in the generated folders
 * are removed. Every file must stay under 6 KB; the script fails if one does not.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { authors, blogs } from "./data/blog";
import { categories, categoryColors } from "./data/categories";
import { homeSections } from "./data/home";
import { products } from "./data/products";
import { settings } from "./data/settings";
import { seeded, type Rng } from "./prng";
import type { ProductColor } from "./types";

const OUT = join(dirname(fileURLToPath(import.meta.url)), "../../public/images");
const MAX_BYTES = 6 * 1024;

// ---------------------------------------------------------------- randomness

const between = (r: Rng, min: number, max: number) => min + r() * (max - min);
const int = (r: Rng, min: number, max: number) => Math.floor(between(r, min, max + 1));
function pick<T>(r: Rng, items: readonly T[]): T {
  const item = items[Math.floor(r() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}
function shuffled<T>(r: Rng, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
/** Rounds for output: integers for coordinates, two decimals for scales. */
const n0 = (value: number) => String(Math.round(value));
const n2 = (value: number) => String(Math.round(value * 100) / 100).replace(/^(-?)0\./, "$1.");

// ---------------------------------------------------------------- colour

const HEX: Record<ProductColor, string> = {
  red: "#d7263d",
  pink: "#f28db2",
  white: "#faf7f2",
  yellow: "#f7c948",
  orange: "#f4852a",
  purple: "#7e3fa6",
  lavender: "#b39ddb",
  blue: "#3d7bd9",
  green: "#4f9d5d",
  peach: "#f8ad8c",
  gold: "#d4a21a",
  burgundy: "#7b1e3a",
};

function mix(a: string, b: string, t: number): string {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return `#${pa
    .map((v, i) =>
      Math.round(v + ((pb[i] ?? v) - v) * t)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

interface Tone {
  /** Main stroke and fill. */
  b: string;
  /** Darker outline underneath. */
  h: string;
  /** Dotted fuzz highlight on top. */
  z: string;
}

function tone(color: ProductColor): Tone {
  if (color === "white") return { b: HEX.white, h: "#c6bcad", z: "#e4dccf" };
  const base = HEX[color];
  return { b: base, h: mix(base, "#2a1420", 0.38), z: mix(base, "#ffffff", 0.55) };
}

const tint = (color: ProductColor, amount: number) => mix(HEX[color], "#ffffff", amount);

const esc = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

// ---------------------------------------------------------------- SVG scene

/** Shared symbols: petal loops, coiled centre, pompom, bead spike; groups are built on demand. */
const BASE_DEFS: Record<string, string> = {
  // wide looped petal, narrow looped petal, double-lobed ruffled petal (radius 100, pointing up)
  p0: `<path id="p0" d="M0 0C-58-28-46-100 0-100C46-100 58-28 0 0"/>`,
  p1: `<path id="p1" d="M0 0C-24-40-14-100 0-106C14-100 24-40 0 0"/>`,
  p2: `<path id="p2" d="M0 0C-52-18-64-82-22-96C-6-100 0-88 0-80C0-88 6-100 22-96C64-82 52-18 0 0"/>`,
  // coiled centre: semicircles of growing radius
  c: `<path id="c" d="M0 0a2 2 0 0 1 4 0a4 4 0 0 1-8 0a6 6 0 0 1 12 0a8 8 0 0 1-16 0a10 10 0 0 1 20 0"/>`,
  // the same coil at flower-centre size (C) and rolled-rose size (R)
  C: `<path id="C" d="M0 0a4 4 0 0 1 8 0a8 8 0 0 1-17 0a13 13 0 0 1 25 0a17 17 0 0 1-34 0a21 21 0 0 1 42 0"/>`,
  R: `<path id="R" d="M0 0a7 7 0 0 1 14 0a14 14 0 0 1-27 0a20 20 0 0 1 41 0a27 27 0 0 1-54 0a34 34 0 0 1 68 0"/>`,
  o: `<g id="o"><circle r="46"/><circle r="22"/></g>`,
  k: `<path id="k" d="M0 0V-150"/>`,
  t3: `<g id="t3"><use href="#p0" transform="rotate(-26)"/><use href="#p0" transform="rotate(26)"/><use href="#p0" transform="scale(.9 1.12)"/></g>`,
};

const STYLE =
  `<style>.h,.z,.m,.s1,.s2,.s3{fill:none}.h{stroke-width:20}.b{stroke-width:12;fill-opacity:.35}` +
  `.z{stroke-width:5;stroke-dasharray:.5 9}.m{stroke-width:30;stroke-dasharray:1 12}.k{stroke-dasharray:1 17}` +
  `.s1{stroke:#2f6b3a;stroke-width:17}.s2{stroke:#4f9d5d;stroke-width:11}.s3{stroke:#a8dcb0;stroke-width:4;stroke-dasharray:.5 8}` +
  `.lf{fill:#4f9d5d;fill-opacity:.45}.cc,.rc{fill:none;stroke-width:6}.rc{stroke-width:11}</style>`;

class Scene {
  private defs = new Map<string, string>();
  private parts: string[] = [];
  private stems: string[] = [];
  private leaves: string[] = [];
  /** One petal count per flower kind and picture keeps the shared symbols few. */
  readonly petalCounts = new Map<Kind, number>();

  constructor(
    readonly width: number,
    readonly height: number,
    private readonly title: string,
  ) {}

  add(markup: string) {
    this.parts.push(markup);
  }

  /** Registers a shared symbol (and whatever it is built from). */
  need(id: string) {
    if (this.defs.has(id)) return;
    const fixed = BASE_DEFS[id];
    if (fixed) {
      if (id === "t3") this.need("p0");
      this.defs.set(id, fixed);
      return;
    }
    // petal rings: a<n> wide loops, d<n> narrow loops, r<n> ruffles
    const petal = { a: "p0", d: "p1", r: "p2" }[id[0] as "a" | "d" | "r"];
    const count = Number(id.slice(1));
    if (!petal || !Number.isInteger(count)) throw new Error(`unknown symbol ${id}`);
    this.need(petal);
    const uses = Array.from({ length: count }, (_, i) =>
      i === 0 ? `<use href="#${petal}"/>` : `<use href="#${petal}" transform="rotate(${n0((360 * i) / count)})"/>`,
    );
    this.defs.set(id, `<g id="${id}">${uses.join("")}</g>`);
  }

  /** Adds a stem path (drawn later as one fuzzy green layer stack). */
  stem(d: string) {
    this.stems.push(d);
  }

  /** Adds a looped leaf at x, y. */
  leaf(x: number, y: number, angle: number, scale: number) {
    this.need("p1");
    this.leaves.push(
      `<use href="#p1" transform="translate(${n0(x)} ${n0(y)}) rotate(${n0(angle)}) scale(${n2(scale)})"/>`,
    );
  }

  /** Draws the stems and leaves collected so far at this point of the drawing order. */
  flushGreenery() {
    if (this.stems.length) {
      this.defs.set(`s${this.parts.length}`, `<path id="s${this.parts.length}" d="${this.stems.join("")}"/>`);
      const id = `#s${this.parts.length}`;
      this.add(`<use href="${id}" class="s1"/><use href="${id}" class="s2"/><use href="${id}" class="s3"/>`);
      this.stems = [];
    }
    if (this.leaves.length) {
      const id = `l${this.parts.length}`;
      this.defs.set(id, `<g id="${id}">${this.leaves.join("")}</g>`);
      this.add(`<use href="#${id}" class="s1"/><use href="#${id}" class="s2 lf"/><use href="#${id}" class="s3"/>`);
      this.leaves = [];
    }
  }

  toString(): string {
    this.flushGreenery();
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${this.width} ${this.height}" width="${this.width}" height="${this.height}" role="img" aria-labelledby="t" stroke-linecap="round" stroke-linejoin="round">` +
      `<title id="t">${esc(this.title)}</title><defs>${STYLE}${[...this.defs.values()].join("")}</defs>` +
      this.parts.join("") +
      `</svg>\n`
    );
  }
}

// ---------------------------------------------------------------- flowers

type Kind = "loop" | "daisy" | "ruffle" | "rose" | "tulip" | "pompom" | "spike";
const KINDS: Kind[] = ["loop", "daisy", "ruffle", "rose", "tulip", "pompom", "spike"];

/** The flower a product is mostly made of, guessed from its name, else from its slug. */
function mainKind(name: string, r: Rng): Kind {
  const n = name.toLowerCase();
  if (/rose|valentine|heart|diploma|boutonniere/.test(n)) return "rose";
  if (/tulip/.test(n)) return "tulip";
  if (/lavender|delphinium|thistle|wildflower/.test(n)) return "spike";
  if (/sunflower|daisy|daisies|marigold|sunshine|candle/.test(n)) return "daisy";
  if (/pompom|balloon|hydrangea|carnation|dahlia|confetti|velvet|cactus|succulent/.test(n)) return "pompom";
  if (/peony|ruffle|garden|cloud|blossom/.test(n)) return "ruffle";
  return pick(r, ["loop", "ruffle", "daisy", "rose"] as const);
}

interface Bloom {
  kind: Kind;
  petals: number;
  color: ProductColor;
  centre: string;
}

function bloomFor(scene: Scene, r: Rng, kind: Kind, color: ProductColor, palette: readonly ProductColor[]): Bloom {
  const others = palette.filter((c) => c !== color && c !== "green");
  const centre =
    kind === "daisy"
      ? color === "yellow" || color === "gold" || color === "orange"
        ? "#6b3b1f"
        : pick(r, ["#f2b705", "#e39b16"])
      : others.length && r() < 0.5
        ? tone(pick(r, others)).b
        : pick(r, ["#f2b705", "#d4a21a", "#e0752a"]);
  let petals = scene.petalCounts.get(kind);
  if (petals === undefined) {
    petals = kind === "daisy" ? int(r, 8, 12) : kind === "ruffle" ? int(r, 5, 7) : kind === "loop" ? int(r, 5, 8) : 5;
    scene.petalCounts.set(kind, petals);
  }
  return { kind, petals, color, centre };
}

/** One flower head at x, y: outline, body and fuzz layers, then its coiled centre. */
function drawFlower(scene: Scene, bloom: Bloom, x: number, y: number, scale: number, angle: number) {
  const t = tone(bloom.color);
  let id: string;
  let extra = "";
  let centre = "";
  switch (bloom.kind) {
    case "loop":
      id = `a${bloom.petals}`;
      break;
    case "daisy":
      id = `d${bloom.petals}`;
      break;
    case "ruffle":
      id = `r${bloom.petals}`;
      break;
    case "rose":
      id = "a5";
      break;
    case "tulip":
      id = "t3";
      break;
    case "pompom":
      id = "o";
      break;
    case "spike":
      id = "k";
      break;
  }
  scene.need(id);
  const layer = (cls: string, stroke: string, fill = "") =>
    `<use href="#${id}" class="${cls}" stroke="${stroke}"${fill ? ` fill="${fill}"` : ""}/>`;
  if (bloom.kind === "spike") {
    const body = layer("h k", t.h) + layer("b k", t.b) + layer("z k", t.z);
    scene.add(
      `<g transform="translate(${n0(x)} ${n0(y)}) rotate(${n0(angle / 3)}) scale(${n2(Math.max(0.5, Math.min(scale * 1.5, (y - 24) / 150)))})">${body}</g>`,
    );
    return;
  }
  if (bloom.kind === "pompom") extra = layer("m", t.b);
  if (bloom.kind === "rose") {
    scene.need("R");
    centre = `<use href="#R" class="rc" stroke="${t.h}"/><use href="#R" class="z" stroke="${t.z}"/>`;
  } else if (bloom.kind !== "tulip" && bloom.kind !== "pompom") {
    scene.need("C");
    centre = `<circle r="24" fill="${bloom.centre}"/><use href="#C" class="cc" stroke="${mix(bloom.centre, "#2a1420", 0.4)}"/>`;
  }
  const rotation = bloom.kind === "tulip" ? angle / 4 : angle;
  scene.add(
    `<g transform="translate(${n0(x)} ${n0(y)}) rotate(${n0(rotation)}) scale(${n2(scale)})">` +
      layer("h", t.h) +
      layer("b", t.b, t.b) +
      extra +
      layer("z", t.z) +
      centre +
      `</g>`,
  );
}

/** Fuzzy loose pipe cleaner: a curve drawn with the same three layers as a flower. */
function looseStem(scene: Scene, d: string, color: ProductColor) {
  const t = tone(color);
  scene.add(
    `<path d="${d}" fill="none" stroke="${t.h}" stroke-width="17"/><path d="${d}" fill="none" stroke="${t.b}" stroke-width="11"/><path d="${d}" fill="none" stroke="${t.z}" stroke-width="4" stroke-dasharray=".5 8"/>`,
  );
}

// ---------------------------------------------------------------- compositions (800 x 800 space)

type Container = "wrap" | "vase" | "jar" | "pot" | "basket";

interface Style {
  colors: readonly ProductColor[];
  kinds: Kind[];
}

function background(scene: Scene, r: Rng, colors: readonly ProductColor[], w = 800, h = 800) {
  const coloured = colors.filter((c) => c !== "white");
  const a = pick<ProductColor>(r, coloured.length ? coloured : ["peach"]);
  const b = pick(r, colors);
  scene.add(`<rect width="${w}" height="${h}" fill="${tint(a, between(r, 0.86, 0.93))}"/>`);
  scene.add(
    `<circle cx="${n0(between(r, 0.2, 0.8) * w)}" cy="${n0(between(r, 0.25, 0.6) * h)}" r="${n0(between(r, 0.3, 0.45) * Math.min(w, h))}" fill="${tint(b === "white" ? "peach" : b, between(r, 0.78, 0.88))}"/>`,
  );
}

function bloomsFor(scene: Scene, r: Rng, style: Style, count: number): Bloom[] {
  const flowerColors = style.colors.filter((c) => c !== "green");
  const colors = flowerColors.length ? flowerColors : style.colors;
  return Array.from({ length: count }, (_, i) => {
    const kind = i < Math.ceil(count / 2) ? style.kinds[0]! : pick(r, style.kinds);
    return bloomFor(scene, r, kind, colors[i % colors.length]!, style.colors);
  });
}

function drawContainer(
  scene: Scene,
  r: Rng,
  kind: Container,
  cx: number,
  colors: readonly ProductColor[],
  front: boolean,
) {
  const accent = tone(pick(r, colors));
  if (kind === "wrap") {
    if (!front) {
      const paper = tint(pick(r, colors), 0.7);
      scene.add(
        `<path d="M${n0(cx - 215)} 520L${n0(cx - 130)} ${n0(between(r, 190, 240))}L${n0(cx - 20)} 470L${n0(cx + 120)} ${n0(between(r, 170, 230))}L${n0(cx + 215)} 520Z" fill="${paper}" stroke="${mix(paper, "#5a3a28", 0.2)}" stroke-width="4"/>`,
      );
      return;
    }
    scene.add(
      `<path d="M${n0(cx - 200)} 478L${n0(cx + 195)} 462L${n0(cx + 40)} 772L${n0(cx - 35)} 772Z" fill="#d9b48e" stroke="#b28a63" stroke-width="5"/>` +
        `<path d="M${n0(cx - 120)} 478L${n0(cx - 5)} 770M${n0(cx + 110)} 466L${n0(cx + 15)} 770" stroke="#c49d76" stroke-width="4" fill="none"/>`,
    );
    scene.need("p0");
    const by = 630;
    scene.add(
      `<g transform="translate(${n0(cx + 3)} ${by})" stroke="${accent.h}" stroke-width="10" fill="${accent.b}"><use href="#p0" transform="rotate(-72) scale(.5)"/><use href="#p0" transform="rotate(72) scale(.5)"/><path d="M0 0l-40 90M0 0l35 95" fill="none"/><circle r="14"/></g>`,
    );
    return;
  }
  if (!front) {
    if (kind === "basket")
      scene.add(
        `<path d="M${n0(cx - 180)} 575C${n0(cx - 190)} 130 ${n0(cx + 190)} 130 ${n0(cx + 180)} 575" fill="none" stroke="#9b6b35" stroke-width="16"/>`,
      );
    return;
  }
  scene.add(`<ellipse cx="${n0(cx)}" cy="768" rx="200" ry="16" fill="#3a2a20" fill-opacity=".08"/>`);
  if (kind === "vase") {
    const fill = tint(pick(r, colors), between(r, 0.25, 0.5));
    scene.add(
      `<path d="M${n0(cx - 70)} 540C${n0(cx - 150)} 600 ${n0(cx - 145)} 735 ${n0(cx - 85)} 765H${n0(cx + 85)}C${n0(cx + 145)} 735 ${n0(cx + 150)} 600 ${n0(cx + 70)} 540Z" fill="${fill}" stroke="${mix(fill, "#2a1420", 0.3)}" stroke-width="6"/>` +
        `<rect x="${n0(cx - 80)}" y="526" width="160" height="24" rx="12" fill="${mix(fill, "#2a1420", 0.1)}"/>` +
        `<path d="M${n0(cx - 95)} 640Q${n0(cx)} 665 ${n0(cx + 95)} 640" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="6" stroke-dasharray="2 14"/>`,
    );
  } else if (kind === "jar") {
    scene.add(
      `<rect x="${n0(cx - 110)}" y="520" width="220" height="245" rx="30" fill="#e8f3f6" fill-opacity=".45" stroke="#8fb3c1" stroke-width="7"/>` +
        `<rect x="${n0(cx - 120)}" y="505" width="240" height="30" rx="10" fill="#cfe2e8" stroke="#8fb3c1" stroke-width="6"/>` +
        `<path d="M${n0(cx - 80)} 560V720" stroke="#fff" stroke-opacity=".7" stroke-width="10"/>` +
        `<path d="M${n0(cx - 120)} 520h240" stroke="${accent.b}" stroke-width="8" stroke-dasharray="1 12"/>`,
    );
  } else if (kind === "pot") {
    scene.add(
      `<path d="M${n0(cx - 120)} 565H${n0(cx + 120)}L${n0(cx + 95)} 765H${n0(cx - 95)}Z" fill="#c96f4a" stroke="#9c4f31" stroke-width="6"/>` +
        `<rect x="${n0(cx - 138)}" y="535" width="276" height="44" rx="10" fill="#d7815c" stroke="#9c4f31" stroke-width="6"/>`,
    );
  } else {
    scene.add(
      `<path d="M${n0(cx - 195)} 560H${n0(cx + 195)}L${n0(cx + 150)} 765H${n0(cx - 150)}Z" fill="#c9964f" stroke="#8a5d2b" stroke-width="6"/>` +
        `<path d="M${n0(cx - 180)} 610H${n0(cx + 180)}M${n0(cx - 168)} 665H${n0(cx + 168)}M${n0(cx - 158)} 718H${n0(cx + 158)}" stroke="#9b6b35" stroke-width="12" stroke-dasharray="26 12" fill="none"/>`,
    );
  }
}

/** A gathered bouquet standing in (or wrapped by) a container. */
function bouquet(scene: Scene, r: Rng, style: Style, container: Container, count: number, tilt = 0) {
  const cx = 400 + between(r, -25, 25);
  const cy = between(r, 250, 320);
  const gy = container === "wrap" ? 600 : container === "jar" ? 700 : 560;
  if (tilt) scene.add(`<g transform="rotate(${n0(tilt)} 400 700)">`);
  drawContainer(scene, r, container, cx, style.colors, false);
  const blooms = bloomsFor(scene, r, style, count);
  const golden = 2.39996;
  const start = r() * 6.28;
  const spots = blooms.map((_, i) => {
    const ring = i === 0 ? 0 : i < 6 ? between(r, 125, 165) : between(r, 185, 215);
    const a = start + i * golden;
    return {
      x: Math.min(700, Math.max(100, cx + Math.cos(a) * ring * 1.25)),
      y: Math.min(520, Math.max(110, cy + Math.sin(a) * ring * 0.85)),
      s: (i === 0 ? 1.1 : 1.12 - ring / 600) * between(r, 0.88, 1.05) * (count > 6 ? 0.92 : 1),
    };
  });
  for (const { x, y } of spots) {
    const dx = x - cx;
    const gx = cx + dx * 0.15;
    const wob = between(r, -35, 35);
    const end = container === "jar" ? `S${n0(gx + dx * 0.3)} ${gy + 20} ${n0(gx + dx * 0.35)} 755` : "";
    scene.stem(
      `M${n0(x)} ${n0(y)}C${n0(x + wob)} ${n0(y + 90)} ${n0(gx + dx * 0.3 - wob)} ${n0(gy - 110)} ${n0(gx)} ${gy}${end}`,
    );
  }
  for (let i = 0, leaves = int(r, 2, 4); i < leaves; i++) {
    const side = i % 2 === 0 ? -1 : 1;
    scene.leaf(cx + side * between(r, 40, 110), between(r, 430, 500), side * between(r, 40, 75), between(r, 0.55, 0.8));
  }
  scene.flushGreenery();
  spots.forEach((spot, i) => drawFlower(scene, blooms[i]!, spot.x, spot.y, spot.s, between(r, -30, 30)));
  drawContainer(scene, r, container, cx, style.colors, true);
  if (tilt) scene.add(`</g>`);
}

/** A few large heads filling the frame, stems running off the bottom edge. */
function closeUp(scene: Scene, r: Rng, style: Style) {
  const count = int(r, 1, 3);
  const blooms = bloomsFor(scene, r, style, count);
  const spots = blooms.map((_, i) => ({
    x: count === 1 ? between(r, 360, 440) : 220 + (i * 380) / (count - 1) + between(r, -40, 40),
    y: between(r, 230, 420) + (i % 2) * 60,
    s: (count === 1 ? between(r, 2.3, 2.7) : between(r, 1.4, 1.8)) * (blooms[i]!.kind === "spike" ? 1.6 : 1),
  }));
  for (const { x, y } of spots) {
    const w = between(r, -60, 60);
    scene.stem(`M${n0(x)} ${n0(y)}C${n0(x + w)} ${n0(y + 180)} ${n0(x - w)} 640 ${n0(x + w / 2)} 820`);
    scene.leaf(x + between(r, -20, 20), Math.min(760, y + 260), between(r, -70, 70), between(r, 0.9, 1.3));
  }
  scene.flushGreenery();
  spots.forEach((spot, i) => drawFlower(scene, blooms[i]!, spot.x, spot.y, spot.s, between(r, -40, 40)));
}

/** Flowers laid flat on a table with loose, twisted pipe cleaners beside them. */
function flatLay(scene: Scene, r: Rng, style: Style) {
  const count = int(r, 3, 5);
  const blooms = bloomsFor(scene, r, style, count);
  const base = between(r, -0.6, 0.6);
  const spots = blooms.map((_, i) => {
    const a = base + (i - (count - 1) / 2) * between(r, 0.28, 0.4) - Math.PI / 2;
    const len = between(r, 300, 380);
    return { x: 400 + Math.cos(a) * len, y: 660 + Math.sin(a) * len, a };
  });
  const bx = between(r, 360, 440);
  for (const { x, y } of spots) {
    scene.stem(`M${n0(x)} ${n0(y)}Q${n0((x + bx) / 2 + between(r, -40, 40))} ${n0((y + 660) / 2)} ${n0(bx)} 690`);
  }
  scene.leaf(bx - 60, 600, -50, 0.7);
  scene.leaf(bx + 60, 590, 50, 0.65);
  scene.flushGreenery();
  const ribbon = tone(pick(r, style.colors));
  scene.add(
    `<path d="M${n0(bx - 50)} 680Q${n0(bx)} 700 ${n0(bx + 50)} 680" fill="none" stroke="${ribbon.b}" stroke-width="22"/>`,
  );
  spots.forEach((spot, i) => drawFlower(scene, blooms[i]!, spot.x, spot.y, between(r, 0.7, 0.95), between(r, -40, 40)));
  // a coiled stem and a cut piece waiting to be used
  const coil = pick(r, style.colors);
  scene.need("c");
  const cxy = `${n0(between(r, 110, 170))} ${n0(between(r, 620, 700))}`;
  const t = tone(coil);
  scene.add(
    `<g transform="translate(${cxy}) scale(${n2(between(r, 4.5, 6))})"><use href="#c" class="h" stroke="${t.h}" style="stroke-width:3.4"/><use href="#c" class="b" stroke="${t.b}" style="stroke-width:2.2;fill:none"/><use href="#c" class="z" stroke="${t.z}" style="stroke-width:.8;stroke-dasharray:.1 1.6"/></g>`,
  );
  const py = between(r, 640, 730);
  looseStem(scene, `M${n0(560)} ${n0(py)}q40-40 80 0t80 0`, pick(r, style.colors));
}

// ---------------------------------------------------------------- files

function productImage(product: (typeof products)[number], index: number): string {
  const r = seeded(`${product.slug}#${index}`);
  const pr = seeded(product.slug);
  const main = mainKind(product.name, pr);
  const kinds = [
    main,
    ...shuffled(
      pr,
      KINDS.filter((k) => k !== main),
    ).slice(0, 2),
  ];
  const style: Style = { colors: product.colors, kinds: index === 2 ? [kinds[0]!, kinds[0]!, kinds[1]!] : kinds };
  const title = index === 1 ? product.name : `${product.name}, view ${index}`;
  const scene = new Scene(800, 800, title);
  background(scene, r, product.colors);
  const containers: Container[] = ["wrap", "vase", "jar", "pot", "basket"];
  const preferred = containerFor(product.name, product.category) ?? pick(pr, containers);
  const extra = main === "spike" ? 2 : 0;
  if (index === 1) bouquet(scene, r, style, preferred, int(r, 3, 7) + extra);
  else if (index === 2) closeUp(scene, r, style);
  else if (index === 3) flatLay(scene, r, style);
  else
    bouquet(
      scene,
      r,
      style,
      pick(
        r,
        containers.filter((c) => c !== preferred),
      ),
      int(r, 4, 7) + extra,
      between(r, -7, 7),
    );
  return scene.toString();
}

function containerFor(name: string, category: string | null): Container | undefined {
  const n = name.toLowerCase();
  if (/vase|stems|field/.test(n)) return "vase";
  if (/jar|mug|cup|box/.test(n)) return "jar";
  if (/basket|toolbox/.test(n)) return "basket";
  if (/pot|cactus|succulent|desk/.test(n)) return "pot";
  if (/bouquet|bunch|posy|cone|bundle|hand-tie|roses|spray|trio/.test(n)) return "wrap";
  if (category === "home-decor") return "vase";
  return undefined;
}

function categoryImage(category: (typeof categories)[number]): string {
  const colors = categoryColors[category.slug] ?? ["pink", "peach", "lavender"];
  const r = seeded(`category:${category.slug}`);
  const scene = new Scene(600, 400, `${category.name} bouquets`);
  const a = colors[0]!;
  const b = colors[1] ?? a;
  scene.add(`<rect width="600" height="400" fill="${tint(a === "white" ? "peach" : a, 0.88)}"/>`);
  scene.add(`<circle cx="430" cy="190" r="175" fill="${tint(b === "white" ? "blue" : b, 0.8)}"/>`);
  scene.add(`<g transform="translate(255 8) scale(.48)">`);
  const main = mainKind(category.name, r);
  bouquet(
    scene,
    r,
    { colors: [...colors, "green"], kinds: [main, pick(r, KINDS), pick(r, KINDS)] },
    pick(r, ["wrap", "vase", "jar", "basket"] as const),
    int(r, 4, 6),
  );
  scene.add(`</g>`);
  const ink = "#3d2233";
  scene.add(
    `<rect x="24" y="140" width="${n0(category.name.length * 19 + 36)}" height="64" rx="32" fill="#fff" fill-opacity=".72"/>`,
  );
  scene.add(
    `<text x="42" y="184" font-family="'Trebuchet MS','Segoe UI',sans-serif" font-size="34" font-weight="700" fill="${ink}">${esc(category.name)}</text>`,
  );
  looseStem(scene, "M46 236q26-22 52 0t52 0t52 0", colors[0] === "white" ? (colors[1] ?? "lavender") : colors[0]!);
  return scene.toString();
}

/** Splits a title into lines of at most `width` characters. */
function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && (line + " " + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function banner(seed: string, title: string, kicker: string, colors: readonly ProductColor[], kind: Kind): string {
  const r = seeded(seed);
  const scene = new Scene(1200, 630, title);
  const soft = colors.filter((c) => c !== "white" && c !== "green");
  const a = soft[0] ?? "peach";
  scene.add(`<rect width="1200" height="630" fill="${tint(a, 0.9)}"/>`);
  scene.add(`<circle cx="${n0(between(r, 880, 960))}" cy="300" r="300" fill="${tint(soft[1] ?? a, 0.78)}"/>`);
  scene.add(`<g transform="translate(${n0(between(r, 560, 600))} 0) scale(.78)">`);
  const style: Style = { colors, kinds: [kind, pick(r, KINDS), pick(r, KINDS)] };
  if (r() < 0.5) bouquet(scene, r, style, pick(r, ["wrap", "vase", "jar", "basket"] as const), int(r, 5, 7));
  else closeUp(scene, r, style);
  scene.add(`</g>`);
  const lines = wrapText(title, 18).slice(0, 4);
  const size = lines.length > 3 ? 46 : 52;
  const top = 315 - ((lines.length - 1) * size * 1.18) / 2;
  const ink = "#3d2233";
  scene.add(
    `<text x="70" y="${n0(top - size - 30)}" font-family="'Trebuchet MS','Segoe UI',sans-serif" font-size="22" font-weight="700" letter-spacing="3" fill="${tone(a).h}">${esc(kicker.toUpperCase())}</text>` +
      `<text font-family="'Trebuchet MS','Segoe UI',sans-serif" font-size="${size}" font-weight="700" fill="${ink}">` +
      lines.map((line, i) => `<tspan x="70" y="${n0(top + i * size * 1.18)}">${esc(line)}</tspan>`).join("") +
      `</text>`,
  );
  const y = n0(top + (lines.length - 1) * size * 1.18 + 50);
  looseStem(scene, `M74 ${y}q30-24 60 0t60 0t60 0t60 0`, a);
  return scene.toString();
}

function blogImage(blog: (typeof blogs)[number]): string {
  const kicker = `Twistbloom blog · ${blog.difficulty}`;
  return banner(`blog:${blog.slug}`, blog.title, kicker, blog.colors, mainKind(blog.title, seeded(blog.slug)));
}

function avatar(author: (typeof authors)[number], index: number): string {
  const scene = new Scene(256, 256, author.name);
  const [a, b] = author.colors;
  const skin = ["#f1c7a5", "#b97a50", "#e9b995", "#8a5634"][index % 4]!;
  const hair = ["#5a3522", "#1f1a17", "#2b2522", "#16100d"][index % 4]!;
  scene.add(`<circle cx="128" cy="128" r="128" fill="${tint(a, 0.8)}"/>`);
  const hairBack = [
    `<path d="M70 120C60 40 196 40 186 120V200H70Z" fill="${hair}"/>`,
    ``,
    `<circle cx="128" cy="52" r="26" fill="${hair}"/>`,
    `<circle cx="92" cy="92" r="26" fill="${hair}"/><circle cx="164" cy="92" r="26" fill="${hair}"/>`,
  ][index % 4]!;
  scene.add(hairBack);
  scene.add(`<path d="M40 256C44 196 82 174 128 174S212 196 216 256Z" fill="${tone(a).b}"/>`);
  scene.add(`<rect x="112" y="140" width="32" height="44" rx="14" fill="${mix(skin, "#2a1420", 0.12)}"/>`);
  scene.add(`<ellipse cx="128" cy="116" rx="46" ry="52" fill="${skin}"/>`);
  scene.add(
    [
      `<path d="M82 112C78 60 178 56 174 112C150 92 112 90 82 112Z" fill="${hair}"/>`,
      `<path d="M80 108C82 62 174 62 176 108C160 84 100 84 80 108Z" fill="${hair}"/>`,
      `<path d="M82 110C80 64 176 64 174 110C146 86 110 88 82 110Z" fill="${hair}"/>`,
      `<path d="M80 104C84 58 172 58 176 104C156 80 100 80 80 104Z" fill="${hair}"/>`,
    ][index % 4]!,
  );
  scene.add(`<circle cx="110" cy="120" r="5" fill="#2b1a16"/><circle cx="146" cy="120" r="5" fill="#2b1a16"/>`);
  scene.add(`<path d="M112 142Q128 154 144 142" fill="none" stroke="#8a3b3b" stroke-width="5"/>`);
  const r = seeded(`avatar:${author.slug}`);
  drawFlower(scene, bloomFor(scene, r, "loop", b, [a, b]), 176, 82, 0.34, between(r, -20, 20));
  return scene.toString();
}

function logo(): string {
  const scene = new Scene(260, 64, "Twistbloom");
  scene.add(
    `<path d="M30 62C22 54 38 46 30 38S22 30 30 24" fill="none" stroke="#2f6b3a" stroke-width="5"/>` +
      `<path d="M30 62C38 54 22 46 30 38S38 30 30 24" fill="none" stroke="#6dbb7a" stroke-width="5"/>` +
      `<path d="M30 46q-14-2-16-12q12 0 16 12" fill="#6dbb7a" stroke="#2f6b3a" stroke-width="2"/>`,
  );
  scene.need("a6");
  scene.need("c");
  scene.add(
    `<g transform="translate(30 20) scale(.15)"><use href="#a6" stroke="#b84a78" style="stroke-width:30;fill:none"/><use href="#a6" stroke="#f28db2" fill="#f28db2" style="stroke-width:18;fill-opacity:.35"/><circle r="26" fill="#f7c948"/><use href="#c" stroke="#a8741a" style="stroke-width:4;fill:none" transform="scale(2.2)"/></g>`,
  );
  scene.add(
    `<text x="60" y="43" font-family="'Trebuchet MS','Segoe UI',sans-serif" font-size="31" font-weight="700" fill="#3d2233">Twist<tspan fill="#d05a8c">bloom</tspan></text>`,
  );
  return scene.toString();
}

function placeholder(): string {
  const scene = new Scene(800, 800, "Image not available");
  scene.add(`<rect width="800" height="800" fill="#f2f0ed"/>`);
  scene.need("a6");
  scene.need("c");
  scene.add(
    `<path d="M400 470C370 560 430 620 400 700" fill="none" stroke="#d3cec7" stroke-width="16"/>` +
      `<g transform="translate(400 360) scale(1.1)"><use href="#a6" stroke="#d3cec7" style="stroke-width:14;fill:none"/><use href="#c" stroke="#d3cec7" style="stroke-width:3;fill:none" transform="scale(2.2)"/></g>`,
  );
  return scene.toString();
}

function homeImage(path: string, index: number): string {
  const r = seeded(`home:${path}`);
  const palettes: ProductColor[][] = [
    ["pink", "peach", "lavender", "yellow", "white", "green"],
    ["pink", "peach", "green"],
    ["lavender", "yellow", "white", "green"],
  ];
  const colors = palettes[index % palettes.length]!;
  const scene = new Scene(
    800,
    800,
    ["Hand-twisted pipe-cleaner bouquet", "Close-up of a pipe-cleaner rose", "Pipe-cleaner posy in a jar"][index % 3]!,
  );
  background(scene, r, colors);
  if (index === 0) bouquet(scene, r, { colors, kinds: ["rose", "ruffle", "daisy"] }, "wrap", 7);
  else if (index === 1) closeUp(scene, r, { colors, kinds: ["rose", "rose", "loop"] });
  else bouquet(scene, r, { colors, kinds: ["spike", "daisy", "loop"] }, "jar", 6);
  return scene.toString();
}

// ---------------------------------------------------------------- main

function main() {
  const files = new Map<string, string>();
  const put = (path: string, svg: string) => {
    if (!path.startsWith("/images/")) throw new Error(`image path outside /images: ${path}`);
    files.set(path.slice("/images/".length), svg);
  };

  for (const product of products) {
    product.images.forEach((path, i) => {
      if (path !== `/images/products/${product.slug}-${i + 1}.svg`) throw new Error(`unexpected image path ${path}`);
      put(path, productImage(product, i + 1));
    });
  }
  for (const category of categories) put(category.image, categoryImage(category));
  for (const blog of blogs) {
    put(blog.featured_image, blogImage(blog));
    if (blog.og_image !== blog.featured_image) put(blog.og_image, blogImage(blog));
  }
  authors.forEach((author, i) => put(author.avatar, avatar(author, i)));

  const hero = homeSections.find((section) => section.key === "hero")?.data ?? {};
  ["main_image", "image_1", "image_2"].forEach((key, i) => {
    const path = hero[key];
    if (typeof path !== "string") throw new Error(`hero.${key} missing`);
    put(path, homeImage(path, i));
  });
  const og = settings.find((s) => s.key === "seo_og_image")?.value;
  if (og)
    put(
      og,
      banner(
        "home:og",
        "Handmade pipe-cleaner flower bouquets",
        "Twistbloom",
        ["pink", "peach", "lavender", "yellow", "green"],
        "rose",
      ),
    );
  const logoPath = settings.find((s) => s.key === "site_logo")?.value ?? "/images/logo.svg";
  put(logoPath, logo());
  put("/images/placeholder.svg", placeholder());

  // write, removing stale generated files first
  const folders = new Set([...files.keys()].map((file) => dirname(file)).filter((dir) => dir !== "."));
  for (const folder of folders) {
    mkdirSync(join(OUT, folder), { recursive: true });
    for (const name of readdirSync(join(OUT, folder))) {
      if (name.endsWith(".svg") && !files.has(`${folder}/${name}`)) rmSync(join(OUT, folder, name));
    }
  }
  const tooBig: string[] = [];
  let largest = 0;
  for (const [file, svg] of files) {
    const bytes = Buffer.byteLength(svg);
    largest = Math.max(largest, bytes);
    if (bytes > MAX_BYTES) tooBig.push(`${file} (${bytes} bytes)`);
    writeFileSync(join(OUT, file), svg);
  }
  console.log(`wrote ${files.size} SVG files to ${OUT} (largest ${largest} bytes)`);
  if (tooBig.length) {
    console.error(`over ${MAX_BYTES} bytes:\n  ${tooBig.join("\n  ")}`);
    process.exitCode = 1;
  }
}

main();
