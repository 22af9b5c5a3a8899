import { z } from "zod";
import { isChosenFile, storeUpload, UPLOAD_MISSING_MESSAGE } from "../../../app/services/uploads.server";
import { ValidationError } from "../../../app/services/errors";
import { apiApp } from "../openapi";
import { answerCreated, staffRoute } from "./route";
import { actor } from "./staff";

export const UploadSchema = z
  .object({
    url: z
      .string()
      .meta({ description: "Where the image is served: `/uploads/{key}`, cached for a year (the key never changes)." }),
    key: z.string().meta({
      description: "The SHA-256 of the bytes and the type's extension: the same image uploaded twice is one object.",
    }),
    size: z.number().int().meta({ description: "Bytes." }),
    type: z
      .enum(["image/jpeg", "image/png", "image/webp"])
      .meta({ description: "As read from the file's first bytes, not its name." }),
  })
  .meta({ id: "Upload" });

/** POST /api/admin/uploads: one image (multipart, field `file`) into R2. */
export const uploadsApi = staffRoute(
  apiApp(),
  {
    method: "post",
    path: "/",
    summary: "Upload an image (JPEG, PNG or WebP, at most 5,242,880 bytes)",
    description:
      "Multipart form data with the image in the field `file`. The type is read from the file's first bytes, never from its name or the declared type. The answer's `url` goes into a product's `images`, a category's `image` or a tutorial's `featured_image`.",
    request: {
      body: {
        content: {
          "multipart/form-data": {
            schema: z.object({ file: z.string().meta({ format: "binary", description: "The image." }) }),
          },
        },
      },
    },
    data: UploadSchema,
    answer: "Stored (or already stored: the same bytes are one object).",
    created: true,
    refusals: [413, 415],
  },
  async (c) => {
    let file: unknown = null;
    try {
      file = (await c.req.formData()).get("file");
    } catch {
      file = null;
    }
    if (!isChosenFile(file)) throw new ValidationError({ file: [UPLOAD_MISSING_MESSAGE] });
    const { db, env } = c.var.app;
    const stored = await storeUpload(db, env.UPLOADS, file, actor(c));
    return answerCreated(c, stored, "Image uploaded successfully");
  },
);
