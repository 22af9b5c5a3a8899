import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage, adminPageMeta, adminPageError } from "~/components/admin/admin-page";
import { BlogForm, BlogFormNotice, blogFormValues, type BlogFormValues } from "~/components/admin/blog-form";
import { BlogCreateSchema } from "~/lib/schemas/admin-blogs";
import { createBlog, getBlogFormOptions } from "~/services/admin/blogs.server";
import { blogSaveFailure, parseBlogForm, previewAgain, readBlogForm } from "~/http/pages/blog-form.server";
import type { FormFailure } from "~/http/pages/forms.server";
import { adminAction, privateJson } from "~/http/pages/admin-pages.server";
import { requireAdmin } from "~/http/pages/guards.server";

export const meta = adminPageMeta("New tutorial", "/admin/blogs/new");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireAdmin(context.app, request);
  const options = await getBlogFormOptions(context.app.db);
  return privateJson({ options, author: viewer.user.name });
}

/** "Save draft" (`intent=save`), "Save and publish" (`intent=publish`) or "Preview" (nothing saved). */
export async function action(args: ActionFunctionArgs) {
  const { app, actor, toast } = await adminAction(args);
  const post = await readBlogForm(app, args.request, actor);
  if (post.intent === "preview") return previewAgain(post);
  const parsed = parseBlogForm(post, BlogCreateSchema);
  if ("failure" in parsed) return parsed.failure;
  try {
    const blog = await createBlog(app.db, actor, {
      ...parsed.input,
      status: post.intent === "publish" ? "published" : "draft",
    });
    const message =
      blog.status === "published" ? `“${blog.title}” is published.` : `“${blog.title}” is saved as a draft.`;
    return toast.redirectWithSuccess(`/admin/blogs/${blog.id}`, message);
  } catch (error) {
    const failure = blogSaveFailure(error, post.values);
    if (failure) return failure;
    throw error;
  }
}

export default function NewBlog() {
  const { options, author } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const empty: BlogFormValues = {
    title: "",
    slug: "",
    excerpt: "",
    content: "",
    featured_image: null,
    difficulty: "beginner",
    tags: "",
    category_ids: [],
    related_product_ids: [],
    is_featured: false,
    author_name: author,
    meta_title: "",
    meta_description: "",
    meta_keywords: "",
    version: null,
  };
  return (
    <AdminPage
      notice={<BlogFormNotice answer={failure} />}
      back={{ to: "/admin/blogs", label: "Back to tutorials" }}
      title="New tutorial"
      description="A draft until you publish it: shoppers never see drafts."
    >
      <BlogForm
        key={failure?.toast.id ?? "new"}
        values={blogFormValues(empty, failure?.values)}
        options={options}
        errors={failure?.errors}
        submitLabel="Save draft"
        extraSubmit={{ intent: "publish", label: "Save and publish" }}
      />
    </AdminPage>
  );
}

export const ErrorBoundary = adminPageError("Could not open the tutorial form");
