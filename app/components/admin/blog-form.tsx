import { Form, useNavigation } from "@remix-run/react";
import { useMemo, useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";
import { FieldError } from "~/components/field-error";
import { FormFailureNotice, SelectField, TextField, type FieldErrors } from "~/components/form";
import { Toaster } from "~/components/toaster";
import type { Toast } from "~/lib/toast";
import { BLOG_DIFFICULTIES } from "~/lib/constants";
import type { BlogField } from "~/lib/schemas/admin-blogs";
import type { BlogFormOptions } from "~/services/admin/blogs.server";
import type { AdminBlog } from "~/services/serializers/admin-blog";
import { sanitizeHtml } from "~/lib/sanitize";
import { ImageField } from "./image-field";
import { adminInput, adminLabel, primaryButton, secondaryButton } from "./ui";

/**
 * The fields of a tutorial as the form shows them (the saved tutorial's, or what was typed): the
 * body's fields as staff see them, the tags as one text, no null text, and the version (null: new).
 */
export type BlogFormValues = Omit<Pick<AdminBlog, BlogField>, "tags" | BlankText> & {
  [K in BlankText | "tags"]: string;
} & { version: number | null };
type BlankText = "meta_title" | "meta_description" | "meta_keywords";

/** What an action hands back to show the form again: the typed values as text, as `readStaffForm` reads them. */
export function blogFormValues(saved: BlogFormValues, typed: Record<string, string> | undefined): BlogFormValues {
  if (!typed) return saved;
  const ids = (text: string | undefined) =>
    text
      ? text
          .split(",")
          .map(Number)
          .filter((id) => Number.isSafeInteger(id) && id > 0)
      : [];
  return {
    title: typed.title ?? "",
    slug: typed.slug ?? "",
    excerpt: typed.excerpt ?? "",
    content: typed.content ?? "",
    featured_image: typed.featured_image || null,
    difficulty: typed.difficulty ?? saved.difficulty,
    tags: typed.tags ?? "",
    category_ids: ids(typed.category_ids),
    related_product_ids: ids(typed.related_product_ids),
    is_featured: typed.is_featured === "on",
    author_name: typed.author_name ?? "",
    meta_title: typed.meta_title ?? "",
    meta_description: typed.meta_description ?? "",
    meta_keywords: typed.meta_keywords ?? "",
    version: saved.version,
  };
}

/** A text field across the form's width with its hint under it (the hint, and its messages when it has some, describe it). */
function HintedTextField({
  name,
  hint,
  errors,
  ...field
}: { name: string; label: string; hint: ReactNode; errors?: FieldErrors } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="sm:col-span-2">
      <TextField
        name={name}
        errors={errors}
        {...field}
        aria-describedby={errors?.[name]?.length ? `${name}-hint ${name}-error` : `${name}-hint`}
      />
      <p id={`${name}-hint`} className="mt-1 text-sm text-gray-600">
        {hint}
      </p>
    </div>
  );
}

/** What the action said: a refusal (its toast, and an alert when no field is to blame), or the preview's info toast. */
export function BlogFormNotice({ answer }: { answer: { errors: Record<string, string[]>; toast: Toast } | undefined }) {
  if (answer && answer.toast.type !== "error") return <Toaster toast={answer.toast} listen={false} />;
  return <FormFailureNotice failure={answer} className="mb-4" />;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function TextArea({
  name,
  label,
  hint,
  errors,
  className,
  ...props
}: {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  errors?: FieldErrors;
} & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const messages = errors?.[name];
  const invalid = Boolean(messages?.length);
  const describedBy =
    [hint ? `${name}-hint` : null, invalid ? `${name}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={name} className={adminLabel}>
        {label}
      </label>
      {hint ? (
        <p id={`${name}-hint`} className="mt-1 text-sm text-gray-600">
          {hint}
        </p>
      ) : null}
      <textarea
        id={name}
        name={name}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        className={`${adminInput} mt-1 ${invalid ? "border-red-600" : ""}`}
        {...props}
      />
      <FieldError id={`${name}-error`} messages={messages} />
    </div>
  );
}

function Checklist({
  name,
  legend,
  hint,
  items,
  checked,
  errors,
  scroll = false,
}: {
  name: string;
  legend: string;
  hint?: string;
  items: { id: number; label: string }[];
  checked: number[];
  errors?: FieldErrors;
  scroll?: boolean;
}) {
  const messages = errors?.[name];
  const describedBy =
    [hint ? `${name}-hint` : null, messages?.length ? `${name}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className={adminLabel}>{legend}</legend>
      {hint ? (
        <p id={`${name}-hint`} className="mt-1 text-sm text-gray-600">
          {hint}
        </p>
      ) : null}
      <div
        className={`mt-2 grid gap-2 sm:grid-cols-2 ${scroll ? "max-h-64 overflow-y-auto rounded-lg border border-gray-200 p-3" : ""}`}
      >
        {items.map((item) => (
          <label key={item.id} className="flex items-start gap-2 text-sm text-gray-900">
            <input
              type="checkbox"
              name={name}
              value={item.id}
              defaultChecked={checked.includes(item.id)}
              className="mt-0.5 h-4 w-4 rounded border-gray-300 accent-bloom-600"
            />
            {item.label}
          </label>
        ))}
      </div>
      <FieldError id={`${name}-error`} messages={messages} />
    </fieldset>
  );
}

/**
 * A tutorial's form (new and edit): every field, posted as multipart (it may carry the featured
 * image) to the page's action, which saves and redirects, or shows it again with the messages.
 * The HTML's preview beside it is the content run through the shop's own sanitizer, as it will be
 * stored: live as staff type with JavaScript, and without it after the "Preview" button, which
 * posts the form to be shown again with its preview and saves nothing.
 */
export function BlogForm({
  values,
  options,
  errors,
  submitLabel,
  extraSubmit,
}: {
  values: BlogFormValues;
  options: BlogFormOptions;
  errors?: FieldErrors;
  submitLabel: string;
  /** A second submit button (the new tutorial's "Save and publish"). */
  extraSubmit?: { intent: string; label: string };
}) {
  const busy = useNavigation().state !== "idle";
  const [content, setContent] = useState(values.content);
  const preview = useMemo(() => sanitizeHtml(content), [content]);
  // Products no longer sold stay listed only while this tutorial links them.
  const products = options.products.filter(
    (product) => product.active || values.related_product_ids.includes(product.id),
  );
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      className="mt-6 grid gap-6"
      aria-labelledby="admin-title"
    >
      {values.version !== null ? <input type="hidden" name="version" value={values.version} /> : null}
      {/* Enter in a field saves: the form's first submit button is its default one (the Preview button comes before Save). */}
      <button type="submit" name="intent" value="save" className="sr-only" tabIndex={-1} aria-hidden="true">
        {submitLabel}
      </button>
      <div className="grid gap-4 rounded-2xl border border-bloom-100 bg-white p-5 shadow-sm sm:grid-cols-2">
        <TextField
          name="title"
          label="Title"
          defaultValue={values.title}
          errors={errors}
          className="sm:col-span-2"
          maxLength={200}
        />
        <HintedTextField
          name="slug"
          label="Slug"
          defaultValue={values.slug}
          errors={errors}
          maxLength={200}
          hint={
            <>
              The address: /blog/<em>slug</em>. Leave it empty to make it from the title.
            </>
          }
        />
        <TextArea
          name="excerpt"
          label="Excerpt"
          hint="One or two sentences shown on the blog's cards."
          rows={3}
          defaultValue={values.excerpt}
          errors={errors}
          className="sm:col-span-2"
        />
        <SelectField
          name="difficulty"
          label="Difficulty"
          defaultValue={values.difficulty}
          errors={errors}
          options={BLOG_DIFFICULTIES.map((value) => ({ value, label: capitalised(value) }))}
        />
        <TextField
          name="author_name"
          label="Author"
          defaultValue={values.author_name}
          errors={errors}
          maxLength={100}
        />
        <HintedTextField
          name="tags"
          label="Tags"
          defaultValue={values.tags}
          errors={errors}
          hint="Separated by commas, for example: roses, beginner, bouquet."
        />
        <label className="flex items-center gap-2 text-sm font-medium text-gray-900 sm:col-span-2">
          <input
            type="checkbox"
            name="is_featured"
            defaultChecked={values.is_featured}
            className="h-4 w-4 rounded border-gray-300 accent-bloom-600"
          />
          Featured tutorial
        </label>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <div className="rounded-2xl border border-bloom-100 bg-white p-5 shadow-sm">
          <TextArea
            name="content"
            label="Content (HTML)"
            hint="Headings (h2, h3), paragraphs, lists, links, images, tables. Scripts, event handlers, styles and javascript: links are removed when saved."
            rows={22}
            value={content}
            onChange={(event) => setContent(event.currentTarget.value)}
            errors={errors}
            className="font-mono"
            spellCheck
          />
          <div className="mt-3">
            <button type="submit" name="intent" value="preview" className={secondaryButton} disabled={busy}>
              Preview
            </button>
            <span className="ml-2 text-sm text-gray-600">Shows the preview again; nothing is saved.</span>
          </div>
        </div>
        <section
          aria-labelledby="preview-heading"
          className="rounded-2xl border border-bloom-100 bg-white p-5 shadow-sm"
        >
          <h2 id="preview-heading" className="text-lg font-semibold text-gray-900">
            Preview
          </h2>
          <p className="text-sm text-gray-600">As the shop will show it, after sanitizing.</p>
          {preview.trim() ? (
            <div
              data-testid="blog-preview"
              className="prose-article mt-4 border-t border-bloom-100 pt-4"
              dangerouslySetInnerHTML={{ __html: preview }}
            />
          ) : (
            <p data-testid="blog-preview" className="mt-4 text-sm text-gray-600">
              Nothing to preview yet.
            </p>
          )}
        </section>
      </div>

      <div className="grid gap-6 rounded-2xl border border-bloom-100 bg-white p-5 shadow-sm">
        <ImageField name="featured_image" label="Featured image" current={values.featured_image} errors={errors} />
        <Checklist
          name="category_ids"
          legend="Categories"
          items={options.categories.map((category) => ({ id: category.id, label: category.name }))}
          checked={values.category_ids}
          errors={errors}
        />
        <Checklist
          name="related_product_ids"
          legend="Related products"
          hint="Shown under the tutorial as “Shop the Tutorial”, in this list's order."
          items={products.map((product) => ({
            id: product.id,
            label: product.active ? product.name : `${product.name} (archived)`,
          }))}
          checked={values.related_product_ids}
          errors={errors}
          scroll
        />
      </div>

      <fieldset className="grid gap-4 rounded-2xl border border-bloom-100 bg-white p-5 shadow-sm">
        <legend className="px-1 text-lg font-semibold text-gray-900">Search engines</legend>
        <TextField
          name="meta_title"
          label="Meta title"
          defaultValue={values.meta_title}
          errors={errors}
          maxLength={200}
        />
        <TextArea
          name="meta_description"
          label="Meta description"
          rows={2}
          defaultValue={values.meta_description}
          errors={errors}
        />
        <TextField name="meta_keywords" label="Meta keywords" defaultValue={values.meta_keywords} errors={errors} />
      </fieldset>

      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="save" className={primaryButton} disabled={busy}>
          {submitLabel}
        </button>
        {extraSubmit ? (
          <button type="submit" name="intent" value={extraSubmit.intent} className={secondaryButton} disabled={busy}>
            {extraSubmit.label}
          </button>
        ) : null}
      </div>
    </Form>
  );
}
