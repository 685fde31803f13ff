import { describe, expect, it, vi } from "vitest";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: vi.fn() }) }));
vi.mock("@/lib/requests/actions", () => ({ assignRequestAction: vi.fn() }));

import { renderHtml } from "@/test/render-dom";
import { AssignForm } from "./assign-form";

const approvers = [
  { id: 1, name: "Alex Admin" },
  { id: 2, name: "Morgan Manager" },
];

describe("AssignForm", () => {
  it("says nobody is assigned yet", () => {
    const { screen } = renderHtml(
      <AssignForm form="ro_reversal" id={5} approvers={approvers} assignedTo={null} assignedToName={null} />,
    );
    expect(screen.getByText("Not assigned to anyone yet.")).toBeTruthy();
    expect((screen.getByLabelText("Assign an approver") as HTMLSelectElement).value).toBe("");
  });

  it("names the person it is assigned to, and keeps them selected", () => {
    const { screen } = renderHtml(
      <AssignForm form="ro_reversal" id={5} approvers={approvers} assignedTo={2} assignedToName="Morgan Manager" />,
    );
    const status = screen.getByText(/Assigned to/);
    expect(status.textContent).toBe("Assigned to Morgan Manager.");
    const select = screen.getByLabelText("Assign another approver") as HTMLSelectElement;
    expect(select.getAttribute("aria-describedby")).toBe(status.id);
    expect(select.querySelector("option[selected]")?.textContent).toBe("Morgan Manager");
  });

  it("names an assignee who is no longer offered as an approver", () => {
    const { screen } = renderHtml(
      <AssignForm form="ro_reversal" id={5} approvers={approvers} assignedTo={9} assignedToName="Pat Former" />,
    );
    expect(screen.getByText(/Assigned to/).textContent).toBe("Assigned to Pat Former.");
    const select = screen.getByLabelText("Assign another approver") as HTMLSelectElement;
    expect(select.querySelector("option[selected]")?.textContent).toBe("Pat Former (no longer an approver)");
  });
});
