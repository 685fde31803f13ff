import "server-only";
import { stampDueAt } from "@/lib/requests/targets";
import { eq } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import { requireFormLocation } from "@/lib/forms/locations";
import { enqueueSubmissionMail } from "@/lib/forms/submission-mail";
import { managesForms, submitterOf } from "@/lib/forms/submission";
import { writeAudit } from "@/lib/system/audit";
import { assertEditableByRequester } from "@/lib/requests/mutations";
import { yesNo } from "./columns";
import { designationName, wearName } from "./rules";
import type { UniformRequestInput } from "./schemas";

const u = schema.uniformRequests;
const fullName = (user: SessionUser) => `${user.firstName} ${user.lastName}`.trim() || user.username;

/** The submitted fields as the mail shows them, in the form's order. */
function mailFields(input: UniformRequestInput, locationName: string) {
  const q = (n: number | null) => (n === null ? "" : String(n));
  return [
    { label: "Designation", value: designationName(input.designationId) },
    { label: "Employee Name", value: `${input.employeeFirstName} ${input.employeeLastName}` },
    { label: "Location", value: locationName },
    { label: "Requestor Name", value: input.requestorName },
    { label: "New Hire", value: yesNo(input.newHire) },
    { label: "New Order", value: yesNo(input.newOrder) },
    { label: "Replacement Uniform", value: yesNo(input.reOrder) },
    { label: "Wear", value: wearName(input.wearId) },
    { label: "Size(s)", value: input.sizes },
    ...(input.quantity !== null ? [{ label: "Total Item Quantity", value: q(input.quantity) }] : []),
    ...(input.shirtQuantity !== null ? [{ label: "Total Shirt Quantity", value: q(input.shirtQuantity) }] : []),
    ...(input.pantQuantity !== null ? [{ label: "Total Pant Quantity", value: q(input.pantQuantity) }] : []),
    { label: "Note/Comment", value: input.comment },
  ];
}

export const UNIFORM_SAVED = "Uniform Request Saved Successfully";

/**
 * Saves a uniform request. A new one is inserted with its location's name and manager e-mail (an
 * unknown location is a 422 'select Location'), and its mail is queued in the same transaction
 * (lib/forms/submission-mail.ts); `routed` records whether a mapping routed it. An `id` updates an
 * existing request: roles 1 and 2 only (there is no edit screen; old clients may send one), no mail.
 */
export async function saveUniformRequest(
  input: UniformRequestInput & { id?: number | null },
  user: SessionUser,
  opts: { requestId?: string | null; baseUrl?: string } = {},
): Promise<{ id: number; routed: boolean }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const location = await requireFormLocation(tx, input.locationId, "locationId");
    const values = {
      designationId: input.designationId,
      locationId: location.id,
      locationName: location.name,
      employeeFirstName: input.employeeFirstName,
      employeeLastName: input.employeeLastName,
      newHire: input.newHire,
      newOrder: input.newOrder,
      reOrder: input.reOrder,
      requestorName: input.requestorName,
      wearId: input.wearId,
      sizes: input.sizes,
      quantity: input.quantity,
      shirtQuantity: input.shirtQuantity,
      pantQuantity: input.pantQuantity,
      comment: input.comment,
      managerEmail: location.managerEmail,
      updatedBy: user.id,
      updatedByName: fullName(user),
    };
    if (input.id) {
      if (!managesForms(user)) throw new AppError(403, "You do not have access to edit uniform requests.");
      const [existing] = await tx
        .select({ createdBy: u.createdBy, status: u.status })
        .from(u)
        .where(eq(u.id, input.id))
        .for("update");
      if (existing) assertEditableByRequester(existing, user);
      const [row] = await tx.update(u).set(values).where(eq(u.id, input.id)).returning({ id: u.id, routed: u.routed });
      if (!row) throw new AppError(404, "No such uniform request.");
      await writeAudit(
        { actorId: user.id, action: "update", entity: "uniform-request", entityId: row.id, requestId: opts.requestId },
        tx,
      );
      return row;
    }
    const [row] = await tx
      .insert(u)
      .values({ ...values, createdBy: user.id })
      .returning({ id: u.id });
    await stampDueAt(tx, "uniform_request", row.id, new Date());
    const { routed } = await enqueueSubmissionMail(tx, {
      form: "uniform_request",
      locationId: location.id,
      managerEmail: location.managerEmail,
      submitter: submitterOf(user),
      title: `Uniform Request: ${input.employeeFirstName} ${input.employeeLastName}`,
      fields: mailFields(input, location.name),
      recordPath: `/uniform/request/view/${row.id}`,
      baseUrl: opts.baseUrl,
    });
    if (!routed) await tx.update(u).set({ routed }).where(eq(u.id, row.id));
    return { id: row.id, routed };
  });
}
