"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { deleteEventsAction } from "@/lib/calendar/actions";
import type { ApiEventDetail } from "@/lib/calendar/types";
import { AttachmentsCarousel } from "./attachments-carousel";
import { describeOccurrence, describeRecurrence, formatDate, formatTime } from "./format";
import type { Popup } from "./dialog";
import { callAction } from "@/lib/actions/client";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

const dash = <span className="text-slate-400">—</span>;

function DateText({ iso, timeZone }: { iso: string; timeZone: string }) {
  return <time dateTime={iso}>{`${formatDate(iso, timeZone)}, ${formatTime(iso, timeZone)}`}</time>;
}

/** View 1: one event. Roles 1 and 2 also get Edit and Delete (with the old portal's confirmation texts). */
export function EventDetailView({
  event,
  timeZone,
  canManage,
  seeStatus,
  onBack,
  onEdit,
  onDeleted,
  setPopup,
}: {
  event: ApiEventDetail;
  timeZone: string;
  canManage: boolean;
  seeStatus: boolean;
  onBack: () => void;
  onEdit: () => void;
  onDeleted: () => void;
  setPopup: (p: Popup | null) => void;
}) {
  const [deleting, setDeleting] = useState(false);
  const recurrence = describeRecurrence(event, timeZone);
  const tel = event.contact_number.replace(/[^\d+]/g, "");

  const confirmDelete = () => {
    const keep = () => setPopup({ title: "Cancelled", text: "Your record still intact", tone: "info" });
    setPopup({
      title: "Are you sure?",
      text: "You can't revert your action",
      tone: "warning",
      onClose: keep,
      buttons: [
        { label: "No, Keep it!", variant: "secondary", onClick: keep, autoFocus: true },
        {
          label: "Yes Delete it!",
          variant: "danger",
          onClick: async () => {
            setPopup(null);
            setDeleting(true);
            const res = await callAction(deleteEventsAction({ ids: [event.id] }));
            setDeleting(false);
            if (res.ok)
              setPopup({
                title: "Deleted",
                text: res.message ?? "You successfully deleted the record(s).",
                tone: "success",
                onClose: onDeleted,
              });
            else setPopup({ title: "Cancelled", text: res.message, tone: "error", onClose: onDeleted });
          },
        },
      ],
    });
  };

  return (
    <article className="mt-4 rounded-lg bg-white p-4 shadow-sm sm:p-6" aria-labelledby="event-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2
          id="event-title"
          className="flex min-w-0 items-center gap-3 text-xl font-semibold break-words text-slate-900"
        >
          <span
            aria-hidden="true"
            className="h-4 w-4 shrink-0 rounded-full"
            style={{ backgroundColor: event.color_code.slice(0, 7) }}
          />
          <span className="min-w-0">{event.title}</span>
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" onClick={onBack}>
            Back
          </Button>
          {canManage && (
            <>
              <Button type="button" onClick={onEdit}>
                Edit
              </Button>
              <Button type="button" variant="danger" onClick={confirmDelete} loading={deleting}>
                Delete
              </Button>
            </>
          )}
        </div>
      </div>
      <dl className="mt-4 divide-y divide-slate-100">
        <Row label="Event Date">
          {event.start
            ? describeOccurrence(
                {
                  allDay: event.all_day,
                  start: event.start,
                  end: event.end,
                  startDay: event.start_day,
                  endDay: event.end_day,
                },
                timeZone,
              )
            : dash}
          {recurrence && <span className="mt-1 block text-slate-600">{recurrence}</span>}
        </Row>
        <Row label="Calendar key">{event.mm_title}</Row>
        <Row label="Contact Person">{event.contact_person || dash}</Row>
        <Row label="Contact Email">
          {event.contact_email ? (
            <a className="text-brand-700 underline" href={`mailto:${event.contact_email}`}>
              {event.contact_email}
            </a>
          ) : (
            dash
          )}
        </Row>
        <Row label="Contact Number">
          {event.contact_number ? (
            <a className="text-brand-700 underline" href={`tel:${tel}`}>
              {event.contact_number}
            </a>
          ) : (
            dash
          )}
        </Row>
        {seeStatus && (
          <Row label="Status">
            <span className={event.status === "active" ? "text-emerald-700" : "text-amber-700"}>
              {event.status === "active" ? "Active" : "Inactive"}
            </span>
          </Row>
        )}
        <Row label="Key Description">
          {event.key_description ? <span className="whitespace-pre-wrap">{event.key_description}</span> : dash}
        </Row>
        <Row label="Description">
          {event.description ? <span className="whitespace-pre-wrap">{event.description}</span> : dash}
        </Row>
        <Row label="Created by">{event.created_by ?? dash}</Row>
        {event.updated_by && (
          <Row label="Updated by">
            {event.updated_by}, <DateText iso={event.updated_at} timeZone={timeZone} />
          </Row>
        )}
      </dl>
      {event.attachments.length > 0 && (
        <AttachmentsCarousel eventId={event.id} attachments={event.attachments} setPopup={setPopup} />
      )}
    </article>
  );
}
