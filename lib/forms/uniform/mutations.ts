import "server-only";
import { schema } from "@/lib/db";
import { uniformFormValues, yesNo } from "./columns";
import { designationName, wearName, type UniformRequestInput } from "./schemas";
import { oneRowFormSave, submissionValues } from "@/lib/forms/save-submission";
import { personNameOrUsernameOf } from "@/lib/users/display-name";

const u = schema.uniformRequests;

/** The submitted fields as the mail shows them, in the form's order. */
function mailFields(input: Omit<UniformRequestInput, "locationId">, locationName: string | null) {
  const q = (n: number | null) => (n === null ? "" : String(n));
  return [
    { label: "Designation", value: designationName(input.designationId) },
    { label: "Employee Name", value: `${input.employeeFirstName} ${input.employeeLastName}` },
    { label: "Location", value: locationName ?? "" },
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
export const UNIFORM_NOT_FOUND = "No such uniform request.";

/**
 * Saves a uniform request. A new one is inserted with its location's name and manager e-mail (an
 * unknown location is a 422 'Select Location'), and its mail is queued in the same transaction
 * (lib/forms/submission-mail.ts); `routed` records whether a mapping routed it. An `id` updates an
 * existing request (there is no edit screen; old clients may send one) under the rules of every request
 * (lockEditableSubmission: its requester while open, administrators), recorded in the audit log and its
 * timeline; no mail.
 */
export const saveUniformRequest = oneRowFormSave({
  key: "uniform_request",
  table: u,
  notFound: UNIFORM_NOT_FOUND,
  formValues: uniformFormValues,
  fields: mailFields,
  mailOnUpdate: false,
  build: (input: UniformRequestInput & { id?: number | null }, { location, user }) => {
    const values = {
      ...submissionValues(input, location, user),
      locationName: location.name,
      updatedByName: personNameOrUsernameOf(user),
    };
    return {
      values,
      fields: mailFields(input, location.name),
    };
  },
});
