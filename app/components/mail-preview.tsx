import type { ReactNode } from "react";

/**
 * A mail's HTML as its recipient sees it, in a sandboxed frame: no scripts, no same origin, so the
 * mail's HTML can neither run nor reach the site. `title` names the frame for screen readers.
 */
export function MailFrame({ html, title }: { html: string; title: string }) {
  return (
    <iframe
      sandbox=""
      srcDoc={html}
      title={title}
      className="mt-3 h-[36rem] w-full rounded-lg border border-bloom-100 bg-white"
    />
  );
}

/** A mail's text part, as sent (line breaks kept, long lines wrapped). */
export function MailText({ children }: { children: ReactNode }) {
  return (
    <pre className="mt-3 max-h-[36rem] overflow-auto whitespace-pre-wrap break-words rounded-lg bg-gray-50 p-4 text-sm text-gray-900">
      {children}
    </pre>
  );
}
