import { z } from "zod";
import { parse, withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { forbidden } from "@/lib/errors";
import { roleCan } from "@/lib/auth/roles";
import { text } from "@/lib/validation/text";
import { named, overStored, parseOverStored } from "@/lib/validation/partial";
import { withPayloadNames } from "@/lib/api/payload-names";
import { updateOwnProfile, updateUserByAdmin } from "@/lib/users/mutations";
import { storedEditUser } from "@/lib/users/queries";
import {
  PEOPLE_MESSAGES,
  administratorKeptSchema,
  editUserSchema,
  personalDataSchema,
  phoneSchema,
  profileSchema,
} from "@/lib/users/schemas";

const id = z
  .union([z.number(), text().max(12)])
  .nullable()
  .optional();
const short = text().max(1000).nullable().optional();
const long = text().max(70_000).nullable().optional();

/** The old client's body; each part is then checked by the form's own schema (lib/users/schemas.ts). */
const body = z.object({
  id,
  email: short,
  first_name: short,
  last_name: short,
  phone: z
    .union([text().max(100), z.number()])
    .nullable()
    .optional(),
  state: id,
  location_id: id,
  site: id,
  department: id,
  role_id: id,
  permission_id: z
    .union([z.array(id), text().max(2000)])
    .nullable()
    .optional(),
  description: long,
  bio: long,
  quote: short,
  quote_name: short,
  post: short,
  team_designation: short,
  filePath: short,
  profile_image: short,
  imageSize: z
    .union([z.number(), text().max(32)])
    .nullable()
    .optional(),
  remove_photo: z.union([z.boolean(), z.number(), text().max(5)]).optional(),
});
type Body = z.output<typeof body>;

const orEmpty = (v: string | null | undefined) => v ?? "";
/** A text field as sent: left out stays undefined (kept), null is "" (cleared). */
const sentText = (v: string | null | undefined) => (v === null ? "" : v);
/** The location under either of its names (`location_id`, else `site`). */
const locationOf = (b: Body) => (named(b.location_id) ? b.location_id : b.site);
/** The v1 names of what an administrator keeps, for field errors. */
const KEPT_NAMES: Record<string, string> = {
  stateId: "state",
  locationId: "location_id",
  departmentId: "department",
  roleId: "role_id",
  permissionIds: "permission_id",
};

/**
 * POST /api/v1/changeprofile. A field left out keeps what is stored (docs/decisions.md). Without `id` (or with
 * one's own): the caller's profile (every signed-in user): post, team designation, description, bio,
 * quote, quote name and the photo (`filePath`, the path uploadmedia answered). Names and e-mail are
 * checked (the old portal's messages) but applied for administrators only: for staff they are kept by HR.
 * State, location (`location_id` or `site`), department, role and permissions are an administrator's to
 * change: sent back unchanged they are accepted, another value is a 422 naming the field. With another
 * user's `id` (administrators only): that user's role, state, location, department, phone and
 * permissions (`permission_id`), as Edit User does.
 */
export const POST = withApi({}, { body }, async ({ user, body, requestId }) => {
  const target = body.id != null && body.id !== "" ? Number(body.id) : user.id;
  if (target !== user.id) {
    if (!roleCan(user.roleId, "manageBackOffice")) throw forbidden();
    const sent = {
      id: target,
      roleId: body.role_id,
      stateId: body.state,
      locationId: locationOf(body),
      departmentId: body.department,
      phone: body.phone === undefined ? undefined : body.phone === null ? "" : String(body.phone),
      permissionIds: body.permission_id,
    };
    const data = parse(editUserSchema, overStored((await storedEditUser({ id: target })) ?? {}, sent));
    await updateUserByAdmin({ data, actor: user, requestId });
    return ok(null, PEOPLE_MESSAGES.userUpdated);
  }
  const sentPersonal = body.first_name != null || body.last_name != null || body.email != null;
  const personal = sentPersonal
    ? parse(personalDataSchema, {
        firstName: orEmpty(body.first_name),
        lastName: orEmpty(body.last_name),
        email: orEmpty(body.email),
      })
    : null;
  if (body.phone != null) parse(z.object({ phone: phoneSchema }), { phone: String(body.phone) });
  const kept = parse(
    administratorKeptSchema,
    Object.fromEntries(
      Object.entries({
        stateId: body.state,
        locationId: locationOf(body),
        departmentId: body.department,
        roleId: body.role_id,
        permissionIds: body.permission_id,
      }).filter(([, v]) => named(v)),
    ),
  );
  const sent = {
    post: sentText(body.post),
    teamDesignation: sentText(body.team_designation),
    description: sentText(body.description),
    bio: sentText(body.bio),
    quote: sentText(body.quote),
    quoteName: sentText(body.quote_name),
    filePath: sentText(body.filePath),
    removePhoto: body.remove_photo,
  };
  const result = await withPayloadNames(
    updateOwnProfile({
      data: (stored) => parseOverStored(profileSchema, stored, sent),
      personal: roleCan(user.roleId, "manageBackOffice") ? personal : null,
      kept,
      user,
      requestId,
    }),
    KEPT_NAMES,
  );
  return ok({ profile_image: result.profileImageUrl }, PEOPLE_MESSAGES.profileChanged);
});
