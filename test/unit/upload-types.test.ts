import { describe, expect, it } from "vitest";
import { imageTypeOf, uploadKeyOf } from "../../app/services/uploads.server";
import { JPEG_BYTES, PNG_BYTES, TEXT_BYTES, WEBP_BYTES } from "../fixtures/images";

describe("imageTypeOf: the type by the file's first bytes", () => {
  it("knows JPEG, PNG and WebP", () => {
    expect(imageTypeOf(JPEG_BYTES)).toBe("image/jpeg");
    expect(imageTypeOf(PNG_BYTES)).toBe("image/png");
    expect(imageTypeOf(WEBP_BYTES)).toBe("image/webp");
  });

  it("refuses anything else, whatever it is called", () => {
    expect(imageTypeOf(TEXT_BYTES)).toBeNull();
    expect(imageTypeOf(new Uint8Array())).toBeNull();
    // GIF and a RIFF that is not WebP (a WAV file).
    expect(imageTypeOf(new TextEncoder().encode("GIF89a......"))).toBeNull();
    expect(imageTypeOf(new TextEncoder().encode("RIFF\0\0\0\0WAVEfmt "))).toBeNull();
  });
});

describe("uploadKeyOf", () => {
  it("takes only the keys the shop makes", () => {
    const key = `${"a".repeat(64)}.png`;
    expect(uploadKeyOf(`/uploads/${key}`)).toBe(key);
    expect(uploadKeyOf("/uploads/../secret.png")).toBeNull();
    expect(uploadKeyOf(`/uploads/${"a".repeat(64)}.svg`)).toBeNull();
    expect(uploadKeyOf("/images/products/rose.svg")).toBeNull();
  });
});
