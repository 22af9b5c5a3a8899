import { json } from "@remix-run/cloudflare";
import type { z } from "zod";
import { BLOG_MESSAGES, BlogCreateSchema, BlogUpdateSchema } from "../../lib/schemas/admin-blogs";
import { fieldErrors } from "../../lib/schemas/query";
import { makeToast } from "../../lib/toast";
import type { Actor } from "../../services/audit.server";
import { ConflictError, ValidationError } from "../../services/errors";
import type { AppContext } from "../context.server";
import { formFailure, type FormFailure } from "./forms.server";
import { imageFieldFrom, readStaffForm } from "./uploads.server";

export const BLOG_FORM_MESSAGE = "Please fix the errors in the form";
export const PREVIEW_MESSAGE = "Preview updated below the content. Nothing is saved yet.";

/** The tutorial form's post: what it asks (`intent`), its body for the schemas, the values to show again. */
export interface BlogFormPost {
  intent: string;
  /** The body as the API's schemas read it (checkbox lists as lists, the featured box as a boolean). */
  body: Record<string, unknown>;
  /** The typed text to show again (lists comma-separated), the image uploaded kept. */
  values: Record<string, string>;
  /** A refused image (413/415 message) under the image field. */
  imageError?: string;
}

/**
 * Reads the multipart form of `BlogForm`. Saving stores a chosen featured image first (refused:
 * its message, the current image kept); a preview stores nothing.
 */
export async function readBlogForm(app: AppContext, request: Request, actor: Actor): Promise<BlogFormPost> {
  const { values, form } = await readStaffForm(request);
  const intent = values.intent ?? "save";
  let image: { url: string | null; error?: string } = { url: values.featured_image?.trim() || null };
  if (intent !== "preview") {
    image = await imageFieldFrom(app, form, "featured_image", actor);
  } else if (form.get("featured_image_remove") === "1") {
    image = { url: null };
  }
  const list = (name: string) => form.getAll(name).filter((value): value is string => typeof value === "string");
  const body: Record<string, unknown> = {
    title: values.title ?? "",
    slug: values.slug ?? "",
    excerpt: values.excerpt ?? "",
    content: values.content ?? "",
    featured_image: image.url,
    difficulty: values.difficulty,
    tags: values.tags ?? "",
    category_ids: list("category_ids"),
    related_product_ids: list("related_product_ids"),
    is_featured: values.is_featured === "on",
    author_name: values.author_name ?? "",
    meta_title: values.meta_title ?? "",
    meta_description: values.meta_description ?? "",
    meta_keywords: values.meta_keywords ?? "",
    ...(values.version ? { version: values.version } : {}),
  };
  const { intent: _intent, featured_image: _image, ...typed } = values;
  return {
    intent,
    body,
    values: {
      ...typed,
      featured_image: image.url ?? "",
      category_ids: list("category_ids").join(","),
      related_product_ids: list("related_product_ids").join(","),
    },
    imageError: image.error,
  };
}

/** The body checked with the create or update schema; the form shown again (422) when anything is wrong. */
export function parseBlogForm<S extends typeof BlogCreateSchema | typeof BlogUpdateSchema>(
  post: BlogFormPost,
  schema: S,
) {
  const parsed = schema.safeParse(post.body);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (post.imageError) errors.featured_image_file = [post.imageError];
  if (!parsed.success || post.imageError)
    return { failure: formFailure(errors, BLOG_FORM_MESSAGE, post.values) } as const;
  return { input: parsed.data as z.output<S> } as const;
}

/** The form shown again with its preview and an info toast; nothing saved. */
export function previewAgain(post: BlogFormPost) {
  return json<FormFailure>({ errors: {}, toast: makeToast(PREVIEW_MESSAGE, "info"), values: post.values });
}

/** A refusal of the service as the form shows it: a taken slug under the slug (409), other conflicts and bad links likewise. */
export function blogSaveFailure(error: unknown, values: Record<string, string>) {
  if (error instanceof ConflictError) {
    const errors: Record<string, string[]> = error.message === BLOG_MESSAGES.slugTaken ? { slug: [error.message] } : {};
    return formFailure(errors, error.message, values, { status: 409 });
  }
  if (error instanceof ValidationError) return formFailure(error.errors, BLOG_FORM_MESSAGE, values);
  return null;
}

/** The toast of a tutorial's Publish or Unpublish button (on its page and in the list). */
export const toggledMessage = (blog: { title: string; status: string }) =>
  blog.status === "published"
    ? `“${blog.title}” is published.`
    : `“${blog.title}” is unpublished: it is a draft again.`;
