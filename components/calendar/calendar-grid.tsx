"use client";

import { useLayoutEffect, useMemo } from "react";
import FullCalendar, { type CalendarRef, type DatesSetInfo, type EventInput } from "@fullcalendar/react";
import dayGridPlugin from "@fullcalendar/react/daygrid";
import listPlugin from "@fullcalendar/react/list";
import classicThemePlugin from "@fullcalendar/react/themes/classic";
import { readableTextOn } from "@/components/shell/shell-utils";
import type { CalendarItem } from "@/lib/calendar/types";
import "@fullcalendar/react/skeleton.css";
import "@fullcalendar/react/themes/classic/theme.css";
import "@fullcalendar/react/themes/classic/palette.css";

// No interaction plugin (drag and drop, selection: ~10 KB gzip the page does not use); a day click is
// read from the day cell's DOM instead (onGridClick).
const PLUGINS = [classicThemePlugin, dayGridPlugin, listPlugin];
const TITLE_CLASSES = {
  dayGridMonth: { eventTitleClass: "cal-event-title" },
  listMonth: { eventTitleClass: "cal-list-title" },
};
const TIME_FORMAT = { hour: "numeric", minute: "2-digit", meridiem: "short" } as const;

function toFcEvents(items: CalendarItem[]): EventInput[] {
  const contrast = new Map<string, string>();
  return items.map((e) => {
    let text = contrast.get(e.colorCode);
    // Black or white, whichever contrasts more with the key's colour (white on Training's #d97706 was 3.18:1).
    if (text === undefined) contrast.set(e.colorCode, (text = readableTextOn(e.colorCode.slice(0, 7))));
    const base = {
      id: e.occurrenceId,
      title: e.status === "inactive" ? `${e.title} (Inactive)` : e.title,
      color: e.colorCode.slice(0, 7),
      contrastColor: text,
      // Marked by its title and a dashed outline, not by fading (faded text fails contrast).
      className: e.status === "inactive" ? "cal-event-inactive" : undefined,
      extendedProps: { eventId: e.id },
    };
    if (e.allDay && e.startDay && e.endDay) return { ...base, start: e.startDay, end: e.endDay, allDay: true };
    return { ...base, start: e.start, end: e.end !== e.start ? e.end : undefined, allDay: false };
  });
}

/** Controls in the grid (events, "+N more", links) keep their own meaning; the rest is "this day". */
const CONTROL = "a, button, input, select, textarea, [role=button], [tabindex], [role=dialog]";
const DAY_CELL = "[role=cell][data-date]";

/**
 * The `YYYY-MM-DD` of the month grid's day cell a click at (x, y) landed on, or null. Events are drawn
 * in a layer over the cells, so the cell is found under the pointer, not only among the target's
 * ancestors; a control counts unless it contains the cell (a scroller with a tabindex does).
 */
export function dayOfClick(target: EventTarget | null, x: number, y: number): string | null {
  if (!(target instanceof Element)) return null;
  const cell =
    target.closest<HTMLElement>(DAY_CELL) ??
    document.elementsFromPoint(x, y).find((el): el is HTMLElement => el instanceof HTMLElement && el.matches(DAY_CELL));
  if (!cell) return null;
  const control = target.closest(CONTROL);
  if (control && !control.contains(cell)) return null;
  const day = cell.dataset.date ?? "";
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
}

/** FullCalendar 7 month/list grid without its own toolbar (the page draws one). */
export function CalendarGrid({
  calendarRef,
  initialDate,
  timeZone,
  events,
  onDatesSet,
  onEventClick,
  onDayClick,
  onReady,
}: {
  calendarRef: React.Ref<CalendarRef>;
  initialDate: string;
  timeZone: string;
  /** The occurrences to draw (already filtered by the keys legend). */
  events: CalendarItem[];
  onDatesSet: (info: DatesSetInfo) => void;
  /** FullCalendar's event id: the occurrence id (`{eventId}-{startMs}`). */
  onEventClick: (occurrenceId: string) => void;
  onDayClick?: (day: string) => void;
  /** Called once FullCalendar is in the page (before paint), so the server's preview can go. */
  onReady: () => void;
}) {
  useLayoutEffect(() => onReady(), [onReady]);
  const fcEvents = useMemo(() => toFcEvents(events), [events]);
  const onGridClick = onDayClick
    ? (e: React.MouseEvent) => {
        const day = dayOfClick(e.target, e.clientX, e.clientY);
        if (day) onDayClick(day);
      }
    : undefined;
  return (
    // A pointer shortcut; the Add Event button is the keyboard path to the same form.
    <div onClick={onGridClick} className={onDayClick ? "[&_[role=cell][data-date]]:cursor-pointer" : undefined}>
      <FullCalendar
        ref={calendarRef}
        plugins={PLUGINS}
        initialView="dayGridMonth"
        initialDate={initialDate}
        timeZone={timeZone}
        headerToolbar={false}
        height="auto"
        dayMaxEvents={4}
        events={fcEvents}
        noEventsText="Calendar Entries Not Available"
        eventTimeFormat={TIME_FORMAT}
        // Month cells show as much of a title as fits, on up to two lines; the whole title on hover and
        // on focus (app/globals.css .cal-event-title), and as the tooltip. The list wraps whole titles.
        views={TITLE_CLASSES}
        eventDidMount={(info) => info.el.setAttribute("title", info.event.title)}
        datesSet={onDatesSet}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          onEventClick(info.event.id);
        }}
      />
    </div>
  );
}
