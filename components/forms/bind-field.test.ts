import { describe, expect, it } from "vitest";
import type { UseFormReturn } from "react-hook-form";
import { fieldBinder } from "./bind-field";

type Values = { email: string; shop: { timeIn: string }[] };

/** A form with the given errors whose register names the control (the part fieldBinder reads). */
function formWith(errors: object, defaultValues: object = {}) {
  return {
    formState: { errors, defaultValues },
    register: (name: string) => ({ name, onChange: async () => {}, onBlur: async () => {}, ref: () => {} }),
  } as unknown as UseFormReturn<Values>;
}

describe("fieldBinder", () => {
  it("spreads a control's registration with its error message", () => {
    const bind = fieldBinder(formWith({ email: { type: "custom", message: "Please enter a valid E-mail" } }));
    expect(bind("email")).toMatchObject({ name: "email", error: "Please enter a valid E-mail" });
  });

  it("finds a row's cell by its path, and gives no error to a valid control", () => {
    const bind = fieldBinder(
      formWith({ shop: [undefined, undefined, { timeIn: { message: "Time In is required" } }] }),
    );
    expect(bind("shop.2.timeIn")).toMatchObject({ name: "shop.2.timeIn", error: "Time In is required" });
    expect(bind("shop.0.timeIn").error).toBeUndefined();
    expect(bind("email").error).toBeUndefined();
  });

  it("gives the control its starting value, so the server's HTML shows it", () => {
    const bind = fieldBinder(formWith({}, { email: "sam@example.com", shop: [{ timeIn: "08:00" }] }));
    expect(bind("email").defaultValue).toBe("sam@example.com");
    expect(bind("shop.0.timeIn").defaultValue).toBe("08:00");
    expect(bind("shop.1.timeIn").defaultValue).toBeUndefined();
  });
});
