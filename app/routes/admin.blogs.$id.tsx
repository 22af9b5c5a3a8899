import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BlogForm, BlogFormNotice, blogFormValues, type BlogFormValues } from "~/components/admin/blog-form";
import { AdminPage, backTo, subjectError, subjectMeta } from "~/components/admin/admin-page";
import { dangerButton, dateTime, primaryButton, secondaryButton, RowLink } from "~/components/admin/ui";
import type { AdminSubject } from "~/lib/admin-list";
import { parseId } from "~/lib/ids";
import { BLOG_MESSAGES, BlogUpdateSchema } from "~/lib/schemas/admin-blogs";
import {
  deleteBlog,
  getAdminBlogPage,
  toggleBlogStatus,
  updateBlog,
  type AdminBlog,
} from "~/services/admin/blogs.server";
import { NotFoundError } from "~/services/errors";
import {
  blogSaveFailure,
  parseBlogForm,
  previewAgain,
  readBlogForm,
  toggledMessage,
} from "~/http/pages/blog-form.server";
import type { FormFailure } from "~/http/pages/forms.server";
import { loadSubject, privateJson, subjectAction } from "~/http/pages/admin-pages.server";
import { StaffChanges } from "~/components/admin/staff-changes";
import { buttonError } from "~/http/pages/forms.server";

const blogs: AdminSubject = { path: "/admin/blogs", back: "Back to tutorials", missing: BLOG_MESSAGES.notFound };

export const meta = subjectMeta<typeof loader>(blogs, (data) => `Edit: ${data.blog.title}`);

/** The tutorial, the form's choices and its audit entries (one batch); `?delete=confirm` asks before deleting. */
export async function loader(args: LoaderFunctionArgs) {
  const { found } = await loadSubject(args, blogs, parseId(args.params.id), getAdminBlogPage);
  const confirmingDelete = new URL(args.request.url).searchParams.get("delete") === "confirm";
  return privateJson({ ...found, confirmingDelete });
}

/**
 * `intent=save` saves the form (a stale version is refused: 409, the typed values kept), `preview`
 * shows it again with its preview (nothing saved), `toggle` publishes or unpublishes, `delete`
 * (from the confirmation) deletes and goes back to the list.
 */
export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const { app, actor, id, here, toast, notFound } = await subjectAction(args, blogs, parseId(args.params.id));
  const post = await readBlogForm(app, request, actor);
  const version = parseId(post.values.version) ?? undefined;
  try {
    if (post.intent === "preview") return previewAgain(post);
    if (post.intent === "toggle") {
      const blog = await toggleBlogStatus(app.db, actor, id, version);
      return toast.redirectWithSuccess(here, toggledMessage(blog));
    }
    if (post.intent === "delete") {
      const removed = await deleteBlog(app.db, actor, id, version);
      return toast.redirectWithSuccess("/admin/blogs", `“${removed.title}” is deleted.`);
    }
    const parsed = parseBlogForm(post, BlogUpdateSchema);
    if ("failure" in parsed) return parsed.failure;
    const blog = await updateBlog(app.db, actor, id, parsed.input);
    return toast.redirectWithSuccess(here, `“${blog.title}” is saved.`);
  } catch (error) {
    if (error instanceof NotFoundError) throw notFound();
    if (post.intent === "toggle" || post.intent === "delete") return buttonError(error, { toast, here });
    const failure = blogSaveFailure(error, post.values);
    if (failure) return failure;
    throw error;
  }
}

function formValuesOf(blog: AdminBlog): BlogFormValues {
  return {
    title: blog.title,
    slug: blog.slug,
    excerpt: blog.excerpt,
    content: blog.content,
    featured_image: blog.featured_image,
    difficulty: blog.difficulty,
    tags: blog.tags.join(", "),
    category_ids: blog.category_ids,
    related_product_ids: blog.related_product_ids,
    is_featured: blog.is_featured,
    author_name: blog.author_name,
    meta_title: blog.meta_title ?? "",
    meta_description: blog.meta_description ?? "",
    meta_keywords: blog.meta_keywords ?? "",
    version: blog.version,
  };
}

function StatusLine({ blog }: { blog: AdminBlog }) {
  const published = blog.status === "published";
  return (
    <span className="mt-2 flex flex-wrap items-center gap-2 text-sm text-gray-700">
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-medium ${published ? "bg-green-100 text-green-800" : "bg-gray-100 text-gray-800"}`}
      >
        {published ? "Published" : "Draft"}
      </span>
      {blog.published_at ? <span>First published {dateTime(blog.published_at)}</span> : <span>Never published</span>}
      <span>
        · {blog.view_count.toLocaleString("en-US")} views · {blog.like_count.toLocaleString("en-US")} likes
      </span>
      {published ? <RowLink to={blog.url}>View in the shop</RowLink> : null}
    </span>
  );
}

export default function EditBlog() {
  const { blog, options, confirmingDelete } = useLoaderData<typeof loader>();
  const answer = useActionData<FormFailure>();
  const busy = useNavigation().state !== "idle";
  const published = blog.status === "published";
  return (
    <AdminPage
      notice={<BlogFormNotice answer={answer} />}
      back={backTo(blogs)}
      title={blog.title}
      description={<StatusLine blog={blog} />}
      actions={
        <>
          <Form method="post" encType="multipart/form-data" noValidate preventScrollReset>
            <input type="hidden" name="intent" value="toggle" />
            <input type="hidden" name="version" value={blog.version} />
            <button type="submit" className={published ? secondaryButton : primaryButton} disabled={busy}>
              {published ? "Unpublish" : "Publish"}
            </button>
          </Form>
          <Link to="?delete=confirm" className={dangerButton} preventScrollReset>
            Delete
          </Link>
        </>
      }
    >
      {confirmingDelete ? (
        <div
          role="alertdialog"
          aria-labelledby="delete-heading"
          aria-describedby="delete-text"
          className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-5"
        >
          <h2 id="delete-heading" className="text-lg font-semibold text-red-900">
            Delete this tutorial?
          </h2>
          <p id="delete-text" className="mt-1 text-sm text-red-900">
            “{blog.title}” will be removed with its likes and views, and its address will show “Article Not Found”. This
            cannot be undone.
            {published ? " To take it down for now, unpublish it instead." : ""}
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Form method="post" encType="multipart/form-data" noValidate>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="version" value={blog.version} />
              <button type="submit" className={dangerButton} disabled={busy}>
                Yes, delete it
              </button>
            </Form>
            <Link to="." className={secondaryButton} preventScrollReset>
              No, keep it
            </Link>
          </div>
        </div>
      ) : null}

      <BlogForm
        key={`${blog.version}-${answer?.toast.id ?? ""}`}
        values={blogFormValues(formValuesOf(blog), answer?.values)}
        options={options}
        errors={answer?.errors}
        submitLabel="Save changes"
      />

      <StaffChanges entries={blog.audit} empty="No staff changes recorded yet." className="mt-8" />
    </AdminPage>
  );
}

export const ErrorBoundary = subjectError(blogs, {
  gone: "It may have been deleted.",
  failed: "Could not load this tutorial",
});
