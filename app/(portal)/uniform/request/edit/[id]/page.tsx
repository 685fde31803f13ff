import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { uniformFormValues } from "@/lib/forms/uniform/columns";
import { getUniformRequest } from "@/lib/forms/uniform/queries";
import { UNIFORM_NOT_FOUND } from "@/lib/forms/uniform/mutations";
import { AppError } from "@/lib/errors";
import { loadEditRecord, type RecordPageProps } from "@/app/(portal)/_lib/record-page";
import { loadAddForm } from "@/lib/forms/profile";
import { UniformForm } from "../../add/_components/uniform-form";

export const metadata: Metadata = { title: "Edit Uniform Request" };

/**
 * The uniform request form in edit mode: its requester while the request is open (e.g. asked for information),
 * administrators (lib/requests/edit-rules.ts; anyone else gets the 403 page, an unknown or foreign id the 404).
 */
export default async function UniformEditPage({ params }: RecordPageProps) {
  await connection();
  const user = await pageGuard(requireUser());
  const { row, form } = await loadEditRecord(params, user, async (id) => {
    const found = await getUniformRequest(id, user);
    if (!found) throw new AppError(404, UNIFORM_NOT_FOUND);
    return found;
  });
  // Who is editing (Save And Continue's new form starts from their profile); the request keeps its own requestor.
  const { me } = await loadAddForm(user);
  return (
    <UniformForm
      roleId={form.roleId}
      me={me}
      locations={form.locations.map((l) => ({ id: l.id, name: l.name, managerEmail: l.managerEmail }))}
      initial={{ ...uniformFormValues(row), id: String(row.id) }}
    />
  );
}
