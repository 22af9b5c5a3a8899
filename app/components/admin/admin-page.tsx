import type { MetaFunction, SerializeFrom } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { errorBoundary } from "~/components/error-state";
import type { AdminSubject } from "~/lib/admin-list";
import { pageMeta, rootSeo, seoMeta } from "~/lib/seo";
import { DetailList, type Detail } from "~/components/detail-list";
import { Toaster, type Toast } from "~/components/toaster";
import { AdminCard, AdminHeader } from "./ui";

/**
 * What every back-office page has: its meta (never indexed), its error screen, and its frame (the
 * notice of a refused form, the link back to its list, the page header), so a page passes only
 * what is its own.
 */

/** The meta of a back-office page whose title does not depend on its data. */
export const adminPageMeta = (title: string, path: string) => pageMeta({ title, path, noindex: true });

/** The error screen of a back-office page that could not load: `failed` as its title, and Try Again. */
export const adminPageError = (failed: string) =>
  errorBoundary({ failed: { title: failed, message: "Please try again in a moment.", link: "retry" } });

/** The meta of a page about one thing: `title` of its data, or what its 404 says. */
export function subjectMeta<Loader>(
  subject: AdminSubject,
  title: (data: SerializeFrom<Loader>) => string,
): MetaFunction<Loader> {
  return ({ matches, data, params }) =>
    seoMeta(rootSeo(matches), {
      title: data ? title(data as SerializeFrom<Loader>) : subject.missing,
      path: `${subject.path}/${params.id}`,
      noindex: true,
    });
}

/** The error screen of a page about one thing: its 404 says `gone` and leads back to the list. */
export function subjectError(subject: AdminSubject, { gone, failed }: { gone: string; failed: string }) {
  return errorBoundary({
    notFound: { title: subject.missing, message: gone, link: { to: subject.path, label: subject.back } },
    failed: { title: failed, message: "Please try again in a moment.", link: "retry" },
  });
}

/**
 * A back-office page: `notice` first (a refused form's toast), then the link back to its list
 * (`back`) when it has one, its header (the h1) and what is its own.
 */
export function AdminPage({
  toast,
  notice,
  back,
  title,
  description,
  actions,
  children,
}: {
  /** The toast of a refused form, shown in place (null when there is none). */
  toast?: Toast | null;
  notice?: ReactNode;
  back?: { to: string; label: string };
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const header = <AdminHeader title={title} description={description} actions={actions} />;
  return (
    <section aria-labelledby="admin-title">
      {toast === undefined ? null : <Toaster toast={toast} listen={false} />}
      {notice}
      {back ? (
        <>
          <Link to={back.to} className="text-sm font-medium text-bloom-700 underline">
            {back.label}
          </Link>
          <div className="mt-3">{header}</div>
        </>
      ) : (
        header
      )}
      {children}
    </section>
  );
}

/** The link back to a subject's list, as its page shows it. */
export const backTo = (subject: AdminSubject) => ({ to: subject.path, label: subject.back });

/** A card of labelled values (an email's details, a message's sender, an order's customer), then `children`. */
export function DetailsCard({
  id,
  title,
  rows,
  children,
}: {
  id: string;
  title: string;
  rows: Detail[];
  children?: ReactNode;
}) {
  return (
    <AdminCard id={id} title={title}>
      <DetailList className="mt-3 grid gap-2 text-sm" rows={rows} />
      {children}
    </AdminCard>
  );
}
