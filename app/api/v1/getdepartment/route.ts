import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { listDepartments } from "@/lib/users/queries";
import { getDepartmentBody } from "@/lib/users/schemas";

/** POST /api/v1/getdepartment (administrators): departments as `{ value, text }`; with `location`, that location's. */
export const POST = withApi({ capability: "manageBackOffice" }, { body: getDepartmentBody }, async ({ body }) =>
  ok(await listDepartments(typeof body.location === "number" ? body.location : undefined)),
);
