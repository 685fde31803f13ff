import { describe, expect, it } from "vitest";
import { renderHtml } from "@/test/render-dom";
import { DATABASE_UNAVAILABLE_DIGEST } from "@/lib/errors";
import RootError from "@/app/error";
import PortalError from "@/app/(portal)/error";

const noop = () => {};

describe("a page whose database could not answer shows 'Temporarily unavailable' with a retry", () => {
  it.each([
    ["app/error.tsx (the shell's own session check)", RootError],
    ["app/(portal)/error.tsx (a portal page)", PortalError],
  ])("%s: the database digest is 'Temporarily unavailable', still signed in, Try again", (_where, Boundary) => {
    const error = Object.assign(new Error("An error occurred in the Server Components render."), {
      digest: DATABASE_UNAVAILABLE_DIGEST,
    });
    const { screen } = renderHtml(<Boundary error={error} reset={noop} retry={noop} />);
    expect(screen.getByRole("heading", { name: "Temporarily unavailable" })).toBeTruthy();
    expect(screen.getByText(/You are still signed in/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: /sign in/i })).toBeNull();
  });

  it("any other failure is 'Something went wrong', with the same retry", () => {
    const error = Object.assign(new Error("x"), { digest: "12345" });
    const { screen } = renderHtml(<PortalError error={error} reset={noop} retry={noop} />);
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.queryByText(/still signed in/)).toBeNull();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
