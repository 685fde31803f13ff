import type { Metadata } from "next";
import { forbidden, notFound } from "next/navigation";
import type { SessionUser } from "@/lib/auth/session";
import type { FormKey } from "@/lib/forms/form-keys";
import type { RequestRecord } from "@/components/forms/request-record-detail";
import { listApproverCandidates } from "@/lib/forms/email-manager/queries";
import { listFormLocations, type FormLocation } from "@/lib/forms/locations";
import { AppError } from "@/lib/errors";
import { roleCan } from "@/lib/auth/roles";
import type { RequestStatus } from "@/lib/forms/request-statuses";
import { editRefusal } from "@/lib/requests/edit-rules";
import { getCurrentUser, pageGuard } from "@/lib/auth/guards";
import { findRequestReference, loadRequestPanel } from "@/lib/requests/queries";
import { STAFF_FORMS } from "@/lib/forms/registry";
import { toId } from "@/lib/validation/id";

/** For edit pages: a record load whose 404 renders the 404 page and whose 401/403 pageGuard handles. */
export async function pageRecord<T>(load: Promise<T>): Promise<T> {
  try {
    return await pageGuard(load);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) notFound();
    throw err;
  }
}

/** The props of a staff form record's view and edit pages (`/view/{id}`, `/edit/{id}`). */
export type RecordPageProps = { params: Promise<{ id: string }> };

/**
 * A request form's detail page: the record `find` reads for the signed-in user (a malformed id, an
 * unknown one and someone else's record are the same 404 page), and what RequestRecordDetail shows
 * of it besides its fields: the form, its id, who updated it when, its request panel and, where the
 * viewer may assign it, the approvers. The page has called its guard before.
 */
export async function loadRequestRecord<Row extends { id: number; updatedByName: string | null; updatedAt: Date }>(
  form: FormKey,
  params: RecordPageProps["params"],
  user: SessionUser,
  find: (id: number) => Promise<Row | null | undefined>,
) {
  const id = toId((await params).id);
  const row = id ? await find(id) : null;
  if (!row) notFound();
  const panel = await loadRequestPanel(form, row.id, user);
  const approvers = panel?.mayAssign ? await listApproverCandidates() : [];
  const record: RequestRecord = {
    form,
    id: row.id,
    reference: panel?.reference ?? "",
    updatedByName: row.updatedByName,
    updatedAt: row.updatedAt,
    panel,
    approvers,
  };
  return { row, record };
}

/**
 * A request record page's metadata: its <title> is the request's reference (lib/forms/references.ts) for whoever
 * may open it; the form's title for anyone else, and for an unknown id (the page itself answers them).
 */
export function requestRecordMetadata(form: FormKey) {
  return async ({ params }: RecordPageProps): Promise<Metadata> => {
    const [user, id] = await Promise.all([getCurrentUser(), params.then((p) => toId(p.id))]);
    const reference = user && id ? await findRequestReference(form, id, user) : null;
    return { title: reference ?? STAFF_FORMS[form].title };
  };
}

/**
 * An edit page's record and the props its form takes besides its values (the locations it offers, the
 * user's role): a malformed id is the 404 page; `load` throws the 404 or 403 of an unknown or someone
 * else's record (pageRecord renders them). The page has called its guard before.
 */
export async function loadEditRecord<Row extends EditableRecord>(
  params: RecordPageProps["params"],
  user: SessionUser,
  load: (id: number) => Promise<Row>,
): Promise<{ row: Row; form: { locations: FormLocation[]; roleId: number } }> {
  const id = toId((await params).id);
  if (!id) notFound();
  const [row, locations] = await Promise.all([pageRecord(load(id)), listFormLocations()]);
  return { row, form: { locations: editableLocations(user, row, locations), roleId: user.roleId } };
}

type EditableRecord = { createdBy: number | null; status: RequestStatus; locationId: number | null };

/**
 * The locations an edit form offers `user` for `row`, after the page refuses (the 403 page) whoever may
 * not change the request (lib/requests/edit-rules.ts: an approver, the requester once it is decided):
 * every location to an administrator, only the request's own to anyone else (a request stays where it
 * was filed; moving it is an administrator's act).
 */
export function editableLocations(user: SessionUser, row: EditableRecord, locations: FormLocation[]): FormLocation[] {
  if (editRefusal(user, row)) forbidden();
  return roleCan(user.roleId, "moveRequests") ? locations : locations.filter((l) => l.id === row.locationId);
}
