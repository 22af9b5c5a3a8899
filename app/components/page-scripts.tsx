import { Scripts } from "@remix-run/react";

/** The `<template>` that holds Remix's scripts in a page from the server, and its starter. */
export const PAGE_SCRIPTS_ID = "page-scripts";

/**
 * Puts Remix's scripts in the page once the page's largest image (the `Img` with `priority`) has
 * loaded, or failed, or 3 s have passed; at once on a page without one
 * (docs/decisions/031-first-paint.md). The scripts still go in before the window's load event, which
 * waits for them as before. The template's content takes its place, so the document the browser
 * hydrates is the one React renders.
 */
const STARTER = `(function () {
  var template = document.getElementById("${PAGE_SCRIPTS_ID}"), starter = document.currentScript;
  function start() {
    if (!template.isConnected) return;
    starter.remove();
    template.replaceWith(document.importNode(template.content, true));
  }
  var image = document.querySelector("img[fetchpriority=high]");
  if (image && !image.complete) {
    image.addEventListener("load", start);
    image.addEventListener("error", start);
    setTimeout(start, 3000);
  } else start();
})();`;

/**
 * Remix's scripts (its modulepreload links, its data and its module script). From the server they
 * come inside a template, started once the page's largest image has loaded: the browser spends the
 * start of the load on the document and that image, not on 110 KB of scripts; with JavaScript off
 * nothing changes (docs/decisions/031-first-paint.md). In the browser: Remix's own.
 */
export function PageScripts({ nonce }: { nonce: string | undefined }) {
  if (!import.meta.env.SSR) return <Scripts nonce={nonce} />;
  return (
    <>
      <template id={PAGE_SCRIPTS_ID}>
        <Scripts nonce={nonce} />
      </template>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: STARTER }} />
    </>
  );
}
