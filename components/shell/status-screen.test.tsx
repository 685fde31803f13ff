import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { ForbiddenScreen, NotFoundScreen, UnauthorizedScreen } from "./status-screen";

describe("status screens", () => {
  it("404: the spec's sentence and a way home", () => {
    const out = renderToStaticMarkup(<NotFoundScreen />);
    expect(out).toContain("404");
    expect(out).toContain("The page you are looking for does not exist.");
    expect(out).toMatch(/<a [^>]*href="\/"[^>]*>Go To Home Page<\/a>/);
  });

  it("403: the spec's texts and a way home", () => {
    const out = renderToStaticMarkup(<ForbiddenScreen />);
    expect(out).toContain("Oops! 403 Sorry!");
    expect(out).toContain("You don&#x27;t have permission to access this page.");
    expect(out).toMatch(/<a [^>]*href="\/"[^>]*>Go To Home Page<\/a>/);
  });

  it("401: asks to sign in again and links to /login", () => {
    const out = renderToStaticMarkup(<UnauthorizedScreen fullHeight />);
    expect(out).toContain("401");
    expect(out).toContain("Please sign in");
    expect(out).toContain('<a href="/login"');
    expect(out).toContain("min-h-dvh");
  });
});
