"use server";

import { createAction } from "@/lib/actions/action";
import { PERMISSION } from "@/lib/auth/roles";
import { mappingSchema } from "./schemas";
import { saveMappings } from "./mutations";

/** Adds form email mappings (one per location) or updates one (permission access_form_email_manager). */
export const saveMappingAction = createAction(
  { permission: PERMISSION.formEmailManager },
  mappingSchema,
  async (input, user) => {
    const data = await saveMappings(input, user);
    return {
      ok: true as const,
      data,
      message: input.id ? "Form Email Mapper Updated Successfully" : "Form Email Mapper Added Successfully",
    };
  },
);
