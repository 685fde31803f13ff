import "server-only";
import { createRequire } from "node:module";
import type { ReactElement } from "react";

type Renderer = { renderToStaticMarkup: (element: ReactElement) => string };
let renderer: Renderer | null = null;

/**
 * A React element (a mail body component) as static HTML. Route handlers and server actions run under
 * the `react-server` condition, where `react-dom/server` only throws; the Node build is loaded at run
 * time instead. Mail components are plain markup (no hooks, no context), which any React renders.
 */
export function renderMailHtml(element: ReactElement): string {
  renderer ??= createRequire(/*turbopackIgnore: true*/ `${process.cwd()}/package.json`)(
    "react-dom/server.node",
  ) as Renderer;
  return renderer.renderToStaticMarkup(element);
}
