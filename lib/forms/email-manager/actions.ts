"use server";

import { createAction } from "@/lib/actions/action";
import { PERMISSION } from "@/lib/auth/roles";
import { mappingSchema } from "./schemas";
import { saveMappings } from "./mutations";
import { storedMapping } from "./queries";
import { listDeleteAction } from "@/lib/data-table/delete-action";
import { deleteTexts } from "@/lib/forms/delete-texts";
import { MAPPER_ACCESS } from "./api";
import { deleteMappings } from "./mutations";

/** Adds form email mappings (one per location) or updates one, keeping what it leaves out (permission access_form_email_manager). */
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
  { stored: storedMapping },
);

/** The list's multi-select delete (permission access_form_email_manager; closed ones role 1 only): what form/mapper/delete does. */
export const deleteMappingsAction = listDeleteAction(
  MAPPER_ACCESS,
  deleteMappings,
  deleteTexts("Form Email Mapper").done,
);
