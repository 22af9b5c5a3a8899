// Puts the API reference's script (Scalar's standalone browser bundle) among the built client's
// static assets, so /api/docs loads it from the shop itself (docs/decisions/024). The package and
// the file are pinned in functions/api/scalar-bundle.json: the npm tarball must match its registry
// integrity, and the file its SRI hash, or the build fails. Runs after `remix vite:build` (which
// empties build/client); the tarball is kept in node_modules/.cache, so only the first build
// downloads it (through npm, from the registry). Nothing of it enters the Worker's bundle.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { gunzipSync } from "node:zlib";

const root = join(import.meta.dirname, "..");
const pin = JSON.parse(readFileSync(join(root, "functions/api/scalar-bundle.json"), "utf8"));
const cache = join(root, "node_modules/.cache/scalar-bundle");
const tarball = join(cache, `${pin.package.replace("@", "").replace("/", "-")}-${pin.version}.tgz`);

const digest = (algorithm, data) => `${algorithm}-${createHash(algorithm).update(data).digest("base64")}`;

if (!existsSync(tarball) || digest("sha512", readFileSync(tarball)) !== pin.tarballIntegrity) {
  mkdirSync(cache, { recursive: true });
  const packed = spawnSync("npm", ["pack", `${pin.package}@${pin.version}`, "--pack-destination", cache, "--silent"], {
    encoding: "utf8",
  });
  if (packed.status !== 0) {
    console.error(packed.stderr);
    throw new Error(`npm pack ${pin.package}@${pin.version} failed`);
  }
  const name = packed.stdout.trim().split("\n").pop();
  if (join(cache, name) !== tarball) writeFileSync(tarball, readFileSync(join(cache, name)));
}
const packed = readFileSync(tarball);
if (digest("sha512", packed) !== pin.tarballIntegrity)
  throw new Error(`${tarball} is not ${pin.package}@${pin.version} as pinned`);

/** One file of a tar archive (ustar: 512-byte headers, then the content padded to 512). */
function fileOf(archive, wanted) {
  for (let offset = 0; offset + 512 <= archive.length;) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const text = (start, end) => header.subarray(start, end).toString("utf8").replace(/\0.*$/s, "");
    const prefix = text(345, 500);
    const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
    const size = parseInt(text(124, 136).trim() || "0", 8);
    if (name === wanted) return archive.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error(`${wanted} is not in ${tarball}`);
}

const script = fileOf(gunzipSync(packed), pin.file);
if (digest("sha384", script) !== pin.integrity) throw new Error(`${pin.file} does not match its pinned integrity`);
const target = join(root, "build/client", pin.asset);
if (!existsSync(join(root, "build/client")) || readdirSync(join(root, "build/client")).length === 0)
  throw new Error("build/client is missing: run remix vite:build first");
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, script);
console.log(
  `${pin.asset}: ${pin.package}@${pin.version} ${pin.file.replace(/^package\//, "")} (${Math.round(script.length / 1024)} KiB)`,
);
