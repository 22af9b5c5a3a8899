import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { adminPageMeta, adminPageError } from "~/components/admin/admin-page";
import { FilteredListPage } from "~/components/admin/list-page";
import { primaryButton, secondaryButton, RowLink } from "~/components/admin/ui";
import { parseId } from "~/lib/ids";
import { AdminBlogQuerySchema, BLOG_STATUSES } from "~/lib/schemas/admin-blogs";
import { adminBlogsPage, toggleBlogStatus } from "~/services/admin/blogs.server";
import { toggledMessage } from "~/http/pages/blog-form.server";
import { adminListAction, privateJson, readAdminList } from "~/http/pages/admin-pages.server";
import { buttonError } from "~/http/pages/forms.server";

export const meta = adminPageMeta("Tutorials", "/admin/blogs");

/** The tutorials (drafts too) by the GET form's status and search, with the counts; a filter that is not valid is shown with its message and left out. */
export async function loader(args: LoaderFunctionArgs) {
  const { app, query, list } = await readAdminList(args, AdminBlogQuerySchema, ["status", "search"]);
  const { page, stats } = await adminBlogsPage(app.db, query);
  return privateJson({ page, stats, statuses: BLOG_STATUSES, ...list });
}

/** A row's Publish or Unpublish button (`intent=toggle`, the tutorial's id and the version shown): back to the same list. */
export async function action(args: ActionFunctionArgs) {
  const { app, actor, back, toast } = await adminListAction(args, "/admin/blogs");
  const form = await args.request.formData();
  const id = parseId(String(form.get("id") ?? ""));
  const version = parseId(String(form.get("version") ?? "")) ?? undefined;
  if (form.get("intent") !== "toggle" || id === null)
    return toast.redirectWithError(back, "That action is not available here.");
  try {
    const blog = await toggleBlogStatus(app.db, actor, id, version);
    return toast.redirectWithSuccess(back, toggledMessage(blog));
  } catch (error) {
    return buttonError(error, { toast, here: back });
  }
}

function StatusBadge({ status }: { status: string }) {
  const published = status === "published";
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium ${published ? "bg-green-100 text-green-800" : "bg-gray-100 text-gray-800"}`}
    >
      {published ? "Published" : "Draft"}
    </span>
  );
}

export default function AdminBlogs() {
  const list = useLoaderData<typeof loader>();
  const { stats } = list;
  const busy = useNavigation().state !== "idle";
  const figures = [
    { label: "Tutorials", value: stats.total },
    { label: "Published", value: stats.published },
    { label: "Drafts", value: stats.draft },
    { label: "Featured", value: stats.featured },
    { label: "Views", value: stats.views },
    { label: "Likes", value: stats.likes },
  ];
  return (
    <FilteredListPage
      title="Tutorials"
      description="Write and edit the crafting tutorials, then publish or unpublish them."
      actions={
        <Link to="/admin/blogs/new" className={primaryButton}>
          New tutorial
        </Link>
      }
      intro={
        <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-label="Tutorial counts">
          {figures.map((figure) => (
            <div key={figure.label} className="rounded-2xl border border-bloom-100 bg-white p-4 shadow-sm">
              <dt className="text-sm text-gray-600">{figure.label}</dt>
              <dd className="mt-1 text-2xl font-semibold text-gray-900">{figure.value.toLocaleString("en-US")}</dd>
            </div>
          ))}
        </dl>
      }
      noun="tutorial"
      idPrefix="blog"
      list={list}
      filters={[
        { type: "status", statuses: list.statuses },
        { type: "search", placeholder: "Title, slug or excerpt" },
      ]}
      empty="No tutorials yet. Write the first one."
      columns={[
        {
          head: "Title",
          render: (blog) => (
            <>
              <RowLink to={`/admin/blogs/${blog.id}`}>{blog.title}</RowLink>
              <span className="block text-gray-600">/blog/{blog.slug}</span>
            </>
          ),
        },
        { head: "Status", className: "whitespace-nowrap", render: (blog) => <StatusBadge status={blog.status} /> },
        { head: "Featured", render: (blog) => (blog.is_featured ? "Yes" : "No") },
        { head: "Views", render: (blog) => blog.view_count.toLocaleString("en-US") },
        { head: "Likes", render: (blog) => blog.like_count.toLocaleString("en-US") },
        { head: "Published", date: (blog) => blog.published_at, missing: "Not published" },
        {
          head: "Actions",
          className: "whitespace-nowrap",
          render: (blog) => (
            <Form method="post" preventScrollReset noValidate>
              <input type="hidden" name="intent" value="toggle" />
              <input type="hidden" name="id" value={blog.id} />
              <input type="hidden" name="version" value={blog.version} />
              <button
                type="submit"
                className={secondaryButton}
                disabled={busy}
                aria-label={`${blog.status === "published" ? "Unpublish" : "Publish"} ${blog.title}`}
              >
                {blog.status === "published" ? "Unpublish" : "Publish"}
              </button>
            </Form>
          ),
        },
      ]}
    />
  );
}

export const ErrorBoundary = adminPageError("Could not load the tutorials");
