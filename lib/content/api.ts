import "server-only";
import { z } from "zod";
import { text } from "@/lib/validation/text";
import { AppError } from "@/lib/errors";
import { fieldErrorsOf } from "@/lib/api/with-api";
import { underPayloadNames } from "@/lib/api/payload-names";
import type { SessionUser } from "@/lib/auth/session";
import { requireContentMenu } from "@/lib/auth/guards";
import type { AttachmentGroupItem, AttachmentRow } from "./attachment/queries";
import type { DiscussionRow } from "./discussion/queries";
import type { DocumentRow } from "./documents";
import type { SaveTheDateRow } from "./save-the-date/queries";
import { scheduleState, type AudienceFields } from "./visibility";
import { listQuerySchema, slugSchema, type DocumentRef } from "./schemas";
import { isoDateToUs } from "./constants";
import { SORTS, type ContentTab, type Sort } from "./basics";
import { MONTH_NAMES } from "@/lib/dates/civil";

/**
 * The v1 edge of the content calls: the old payload names (misspellings included: `salest_type`) are
 * translated to the schemas the forms use, and rows are answered in the old portal's shape.
 */

const MONTHS = MONTH_NAMES;

/** Query of the paged list calls: slug, page, filter (the search), sort. */
export function listCallQuery(sorts: readonly Sort[] = SORTS) {
  const base = listQuerySchema(sorts);
  return z
    .object({ slug: slugSchema, filter: text().optional(), search: text().optional() })
    .passthrough()
    .transform((v, ctx) => {
      const parsed = base.safeParse({ page: v.page, sort: v.sort, q: v.filter ?? v.search });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const path = issue.path[0] === "q" ? ["filter"] : issue.path;
          ctx.addIssue({ code: "custom", message: issue.message, path: path as (string | number)[] });
        }
        return z.NEVER;
      }
      return { slug: v.slug, ...parsed.data };
    });
}

/** A page past the end of a non-empty list is refused (page 1 of an empty list is just empty). */
export function assertPageInRange(page: number, total: number, perPage: number) {
  const last = Math.max(1, Math.ceil(total / perPage));
  if (page > last) throw new AppError(404, `Page ${page} is past the end of the list (last page ${last}).`);
}

export async function menuForCall(slug: string, user: SessionUser, tab: ContentTab) {
  return requireContentMenu(slug, user, tab);
}

export function toApiDocument(d: DocumentRow) {
  return {
    id: d.id,
    document: d.path,
    document_path: d.path,
    document_name: d.name,
    doc_extension: d.extension,
    size: d.size,
    mime: d.mime,
  };
}

/** Audience and schedule as the v1 calls carry them (docs/features/content.md). */
export function toApiSchedule(i: AudienceFields) {
  return {
    audience: { locations: i.audienceLocationIds, roles: i.audienceRoleIds },
    publish_at: i.publishAt?.toISOString() ?? null,
    expires_at: i.expiresAt?.toISOString() ?? null,
    /** 'scheduled', 'expired' or null: only administrators are ever answered an item that is not shown. */
    schedule_state: scheduleState(i),
  };
}

export function toApiPost(p: DiscussionRow) {
  return {
    ...toApiSchedule(p),
    must_read: p.mustRead,
    due_at: p.dueAt?.toISOString() ?? null,
    id: p.id,
    title: p.title,
    description: p.description,
    pin: p.pin ? 1 : 0,
    updated_name: p.updatedName,
    // Old clients read updated_at and created_at as before; the post's date and order are published_at.
    updated_at: p.updatedAt.toISOString(),
    created_at: p.createdAt.toISOString(),
    published_at: p.publishedAt.toISOString(),
    edited_at: p.editedAt?.toISOString() ?? null,
    documents: p.documents.map(toApiDocument),
  };
}

export function toApiAttachment(a: AttachmentRow, groups?: Map<number, string>) {
  return {
    ...toApiSchedule(a),
    is_group: 0,
    id: a.id,
    title: a.title,
    upload_type: a.uploadType,
    url: a.url,
    pin: a.pin ? 1 : 0,
    group_id: a.groupId,
    selectedGroup: a.groupId != null ? { value: a.groupId, text: groups?.get(a.groupId) ?? null } : null,
    updated_name: a.updatedName,
    updated_at: a.updatedAt.toISOString(),
    created_at: a.createdAt.toISOString(),
    documents: a.documents.map(toApiDocument),
  };
}

export function toApiGroupItem(g: AttachmentGroupItem) {
  return {
    is_group: 1,
    id: g.id,
    group_id: g.id,
    group_name: g.name,
    color_code: g.colorCode,
    count: g.count,
    updated_at: g.updatedAt.toISOString(),
  };
}

export function toApiSaveTheDate(s: SaveTheDateRow) {
  const [, m, d] = s.eventDate.split("-");
  return {
    id: s.id,
    title: s.title,
    description: s.description,
    event_date: s.eventDate,
    eventDate: isoDateToUs(s.eventDate),
    eventDateSplit: d,
    eventDateMonthName: MONTHS[Number(m) - 1],
    updated_name: s.updatedName,
    updated_at: s.updatedAt.toISOString(),
    documents: s.documents.map(toApiDocument),
  };
}

/** Documents as the edit calls (get_document, get_event) answer them. */
export function toApiImageUrls(docs: DocumentRow[]) {
  return docs.map((d) => ({
    url: d.path,
    document_path: d.path,
    name: d.name,
    type: d.mime || d.extension,
    size: d.size,
    doc_extension: d.extension,
  }));
}

const asList = (v: unknown): unknown[] => (v == null || v === "" ? [] : Array.isArray(v) ? v : [v]);

/**
 * Documents from the old parallel lists (imagePath[], imageSize[], imageType[], optional imageName[]):
 * a path without a given name keeps its file name.
 */
export function documentsFromLists(paths: unknown, sizes: unknown, types: unknown, names?: unknown): DocumentRef[] {
  const p = asList(paths);
  const s = asList(sizes);
  const t = asList(types);
  const n = asList(names);
  return p.map((path, i) => {
    const str = typeof path === "string" ? path : String(path ?? "");
    const base = str.split("/").pop() || str;
    return {
      path: str,
      name: typeof n[i] === "string" && n[i] ? (n[i] as string) : base,
      size: Number(s[i] ?? 0),
      type: typeof t[i] === "string" ? (t[i] as string) : "",
    };
  });
}

/** Documents from the old parallel lists when the body names its paths (`pathsField`), else undefined (kept). */
export function sentDocuments(
  body: Record<string, unknown>,
  pathsField: string,
  sizes: string,
  types: string,
  names: string,
) {
  return absent(body[pathsField])
    ? undefined
    : documentsFromLists(body[pathsField], body[sizes], body[types], body[names]);
}

/** What a new post, attachment or date starts with where a store call's body names nothing (the schemas ignore the rest). */
export const NEW_ITEM_VALUES = { description: "", documents: [], url: "", groupId: null };

/** A text field of a store call: left out stays undefined (kept), null is "" (cleared). */
export const sentText = (v: unknown) => (v === null ? "" : v);

/** `id` of the store calls: empty, 0 or missing means new. */
export function optionalId(v: unknown): number | undefined {
  if (v == null || v === "" || v === 0 || v === "0" || v === "null") return undefined;
  const n = typeof v === "number" ? v : Number(v);
  return n as number; // validated by the form schema (a non-numeric id is refused there)
}

/** Runs the form's schema on a translated payload; field errors carry the payload's names. */
export function validatePayload<S extends z.ZodType>(
  schema: S,
  value: unknown,
  names: Record<string, string> = {},
): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const renamed = underPayloadNames(fieldErrorsOf(parsed.error), names);
  throw new AppError(422, parsed.error.issues[0]?.message ?? "The request is not valid.", renamed);
}

/** The v1 names of the audience and schedule fields (store_post, store_attachment). */
export const SCHEDULE_NAMES = {
  publishAt: "publish_at",
  expiresAt: "expires_at",
  mustRead: "must_read",
  dueAt: "due_at",
  reacknowledge: "needs_acknowledging_again",
};

const absent = (v: unknown) => v === undefined;

/**
 * `audience` of a store call: `{ locations: [ids], roles: [ids] }` (or that as a JSON string); missing
 * keeps what is stored. The object is whole or refused: a part left out is not 'everyone' (docs/decisions.md:
 * `{}` or `{ roles: [3] }` would widen a location's audience), so it stays missing for the schema to name.
 */
function audienceOf(v: unknown): unknown {
  if (absent(v)) return undefined;
  let value = v;
  if (typeof v === "string") {
    try {
      value = JSON.parse(v);
    } catch {
      return v; // refused by the schema
    }
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    const ids = (x: unknown) =>
      Array.isArray(x) ? x.map((n) => (typeof n === "string" && /^\d+$/.test(n) ? Number(n) : n)) : x;
    return { locations: ids(o.locations), roles: ids(o.roles) };
  }
  return value;
}

const dateTimeOf = (v: unknown) => (absent(v) ? undefined : v === "" || v == null ? null : v);
const booleanOf = (v: unknown) =>
  absent(v)
    ? undefined
    : v === true || v === 1 || v === "1" || v === "true"
      ? true
      : v === false || v === 0 || v === "0" || v === "false" || v === ""
        ? false
        : v;

/** The audience and schedule fields of a store call's body, in the form schema's names. */
export function scheduleFromBody(body: Record<string, unknown>) {
  return {
    audience: audienceOf(body.audience),
    publishAt: dateTimeOf(body.publish_at),
    expiresAt: dateTimeOf(body.expires_at),
  };
}

/** Must read, due date and 'needs acknowledging again' of store_post's body. */
export function mustReadFromBody(body: Record<string, unknown>) {
  return {
    mustRead: booleanOf(body.must_read),
    dueAt: dateTimeOf(body.due_at),
    reacknowledge: booleanOf(body.needs_acknowledging_again),
  };
}
