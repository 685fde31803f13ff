import { z } from "zod";
import { parse, withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { forbidden } from "@/lib/errors";
import { roleCan } from "@/lib/auth/roles";
import { text } from "@/lib/validation/text";
import { updateOwnProfile, updateUserByAdmin } from "@/lib/users/mutations";
import { PEOPLE_MESSAGES, editUserSchema, personalDataSchema, phoneSchema, profileSchema } from "@/lib/users/schemas";

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

const orEmpty = (v: string | null | undefined) => v ?? "";

/**
 * POST /api/v1/changeprofile. Without `id` (or with one's own): the caller's profile (every signed-in
 * user): location, post, team designation, description, bio, quote, quote name and the photo
 * (`filePath`, the path uploadmedia answered). Names and e-mail are checked (the spec's messages) but
 * applied for administrators only: for staff they are kept by HR. With another user's `id`
 * (administrators only): that user's role, state, location (`location_id` or `site`), department,
 * phone and permissions (`permission_id`), as Edit User does.
 */
export const POST = withApi({}, { body }, async ({ user, body, requestId }) => {
  const target = body.id != null && body.id !== "" ? Number(body.id) : user.id;
  if (target !== user.id) {
    if (!roleCan(user.roleId, "manageBackOffice")) throw forbidden();
    const data = parse(editUserSchema, {
      id: target,
      roleId: body.role_id,
      stateId: body.state,
      locationId: body.location_id ?? body.site,
      departmentId: body.department,
      phone: body.phone == null ? "" : String(body.phone),
      permissionIds: body.permission_id ?? [],
    });
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
  const data = parse(profileSchema, {
    locationId: body.location_id ?? body.site,
    post: orEmpty(body.post),
    teamDesignation: orEmpty(body.team_designation),
    description: orEmpty(body.description),
    bio: orEmpty(body.bio),
    quote: orEmpty(body.quote),
    quoteName: orEmpty(body.quote_name),
    filePath: orEmpty(body.filePath),
    removePhoto: body.remove_photo,
  });
  const result = await updateOwnProfile({
    data,
    personal: roleCan(user.roleId, "manageBackOffice") ? personal : null,
    user,
    requestId,
  });
  return ok({ profile_image: result.profileImageUrl }, PEOPLE_MESSAGES.profileChanged);
});
