import { readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Plugin } from "vite";

const ID = "virtual:public-images";

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/**
 * `virtual:public-images`: the set of image paths under public/images, read at build time, so the
 * server can swap a missing image for the placeholder before the page leaves it (which works
 * without JavaScript, where an `onerror` handler cannot).
 */
export function publicImages(root = process.cwd()): Plugin {
  return {
    name: "twistbloom-public-images",
    resolveId(source) {
      return source === ID ? `\0${ID}` : undefined;
    },
    load(id) {
      if (id !== `\0${ID}`) return undefined;
      const publicDir = join(root, "public");
      const files = walk(join(publicDir, "images")).map((file) => `/${relative(publicDir, file).split(sep).join("/")}`);
      return `export default new Set(${JSON.stringify(files.sort())});`;
    },
  };
}
