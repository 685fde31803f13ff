import type { AudienceOptions } from "@/lib/content/queries";
import { isPastDue, scheduleState } from "@/lib/content/visibility";
import { DateText } from "./date-text";

type Item = {
  audienceLocationIds: number[];
  audienceRoleIds: number[];
  publishAt: Date | null;
  expiresAt: Date | null;
  mustRead?: boolean;
  dueAt?: Date | null;
};

const badge = "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium";

/**
 * What administrators see on a post or attachment (docs/features/content.md): 'Scheduled' (until when) or 'Expired',
 * 'Must read' (and its due date), and the audience by name when it is not everyone.
 */
export function AudienceMarks({ item, names }: { item: Item; names: AudienceOptions }) {
  const state = scheduleState(item);
  const nameOf = (list: { value: number; text: string }[], id: number) =>
    list.find((o) => o.value === id)?.text ?? `#${id}`;
  const audience = [
    item.audienceLocationIds.map((id) => nameOf(names.locations, id)).join(", "),
    item.audienceRoleIds.map((id) => nameOf(names.roles, id)).join(", "),
  ].filter(Boolean);
  if (!state && !item.mustRead && audience.length === 0 && !item.expiresAt) return null;
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2" data-testid="audience-marks">
      {state === "scheduled" && item.publishAt && (
        <span className={`${badge} bg-amber-100 text-amber-900`}>
          Scheduled:&nbsp;
          <DateText date={item.publishAt} kind="long" />
          &nbsp;
          <DateText date={item.publishAt} kind="time" />
        </span>
      )}
      {state === "expired" && <span className={`${badge} bg-slate-200 text-slate-800`}>Expired</span>}
      {state !== "expired" && item.expiresAt && (
        <span className={`${badge} bg-slate-100 text-slate-800`}>
          Expires&nbsp;
          <DateText date={item.expiresAt} kind="long" />
        </span>
      )}
      {item.mustRead && <MustReadMark dueAt={item.dueAt ?? null} />}
      {audience.length > 0 && <span className={`${badge} bg-sky-100 text-sky-900`}>For: {audience.join(" · ")}</span>}
    </p>
  );
}

/** 'Must read', with its due date (red once it has passed). */
export function MustReadMark({ dueAt }: { dueAt: Date | null }) {
  const overdue = isPastDue(dueAt);
  return (
    <span className={`${badge} ${overdue ? "bg-red-100 text-red-800" : "bg-brand-100 text-brand-900"}`}>
      Must read
      {dueAt && (
        <>
          &nbsp;· {overdue ? "overdue since" : "due"}&nbsp;
          <DateText date={dueAt} kind="long" />
        </>
      )}
    </span>
  );
}
