"use client";

import { useLayoutEffect } from "react";
import FullCalendar, { type CalendarRef, type DatesSetInfo, type EventInput } from "@fullcalendar/react";
import dayGridPlugin from "@fullcalendar/react/daygrid";
import listPlugin from "@fullcalendar/react/list";
import interactionPlugin from "@fullcalendar/react/interaction";
import classicThemePlugin from "@fullcalendar/react/themes/classic";
import "@fullcalendar/react/skeleton.css";
import "@fullcalendar/react/themes/classic/theme.css";
import "@fullcalendar/react/themes/classic/palette.css";

const PLUGINS = [classicThemePlugin, dayGridPlugin, listPlugin, interactionPlugin];
const TIME_FORMAT = { hour: "numeric", minute: "2-digit", meridiem: "short" } as const;

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
  events: EventInput[];
  onDatesSet: (info: DatesSetInfo) => void;
  /** FullCalendar's event id: the occurrence id (`{eventId}-{startMs}`). */
  onEventClick: (occurrenceId: string) => void;
  onDayClick?: (day: string) => void;
  /** Called once FullCalendar is in the page (before paint), so the server's preview can go. */
  onReady: () => void;
}) {
  useLayoutEffect(() => onReady(), [onReady]);
  return (
    <FullCalendar
      ref={calendarRef}
      plugins={PLUGINS}
      initialView="dayGridMonth"
      initialDate={initialDate}
      timeZone={timeZone}
      headerToolbar={false}
      height="auto"
      dayMaxEvents={4}
      events={events}
      noEventsText="Calendar Entries Not Available"
      eventTimeFormat={TIME_FORMAT}
      datesSet={onDatesSet}
      eventClick={(info) => {
        info.jsEvent.preventDefault();
        onEventClick(info.event.id);
      }}
      dateClick={onDayClick ? (info) => onDayClick(info.dateStr.slice(0, 10)) : undefined}
    />
  );
}
