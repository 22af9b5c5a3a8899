import { Scripts } from "@remix-run/react";

/** The `<template>` that holds Remix's scripts in a page from the server, and its starter. */
export const PAGE_SCRIPTS_ID = "page-scripts";

/**
 * Puts Remix's scripts in the page once the page's largest image (the `Img` with `priority`) has
 * loaded and two frames have begun since (the first paints it; the second begins once it is shown),
 * or after the first paint when the page has none (docs/decisions/031-first-paint.md); 3 s after the
 * document at the latest, and at once in a hidden tab (it paints nothing). The template's content takes its place, so the document the browser
 * hydrates is the one React renders.
 */
const STARTER = `(function () {
  var template = document.getElementById("${PAGE_SCRIPTS_ID}"), starter = document.currentScript;
  function start() {
    if (!template.isConnected) return;
    starter.remove();
    template.replaceWith(document.importNode(template.content, true));
  }
  function afterPaint() {
    if (document.visibilityState === "hidden") start();
    else requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(start); }); });
  }
  setTimeout(start, 3000);
  var image = document.querySelector("img[fetchpriority=high]");
  if (image && !image.complete) {
    image.addEventListener("load", afterPaint);
    image.addEventListener("error", afterPaint);
  } else afterPaint();
})();`;

/**
 * Remix's scripts (its modulepreload links, its data and its module script). From the server they
 * come inside a template, started after the first paint of the page's largest image: the browser
 * spends the start of the load on the document and that image, not on 110 KB of scripts; with
 * JavaScript off nothing changes (docs/decisions/031-first-paint.md). In the browser: Remix's own.
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
