import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { Window } from "happy-dom";
import { within } from "@testing-library/dom";

/**
 * Renders a React element as the server would (renderToString) and reads the HTML back into a DOM,
 * so a test can ask for what a person and a screen reader meet: roles, names, text
 * (`screen.getByRole("link", { name: "Read more" })`).
 */
export function renderHtml(element: ReactElement) {
  const html = renderToString(element);
  const window = new Window();
  const root = window.document.createElement("div");
  root.innerHTML = html; // the test reads the server's output back; nothing here runs in the app
  window.document.body.appendChild(root); // labels and aria-labelledby are looked up in the document
  const container = root as unknown as HTMLElement;
  return { html, container, screen: within(container) };
}
