import type { CalendarItem } from "@/lib/calendar/types";
import { formatInZone } from "@/lib/dates/format";

const MAX_PER_DAY = 3;
const WEEKDAY_LABELS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const DAY_MS = 86_400_000;

const QUARTER_HOUR = 900_000;

/**
 * `YYYY-MM-DD` of an instant in a zone. Memoised per quarter hour (every zone's offset is a multiple
 * of 15 minutes, so a quarter hour never straddles local midnight): a busy month is ~1,600 events but
 * a few hundred distinct quarter hours, and Intl formatting is the slow part of drawing the preview.
 */
function dayKeyFn(timeZone: string) {
  const memo = new Map<number, string>();
  return (iso: string) => {
    const q = Math.floor(Date.parse(iso) / QUARTER_HOUR);
    let key = memo.get(q);
    if (key === undefined) memo.set(q, (key = formatInZone(q * QUARTER_HOUR, timeZone, "yyyy-MM-dd")));
    return key;
  };
}

/** "9a", "1:30p". */
function shortTime(iso: string, timeZone: string): string {
  const [h, m, period] = formatInZone(iso, timeZone, "h mm a").split(" ");
  return `${h}${m === "00" ? "" : `:${m}`}${period === "PM" ? "p" : "a"}`;
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/**
 * The first month drawn by the server (no script needed): the same six-week grid as FullCalendar's
 * month view, three events a day and "+N more". FullCalendar replaces it once its chunk has loaded;
 * rendering FullCalendar itself on the server cost more than the page's whole time budget.
 */
export function MonthPreview({
  firstOfMonth,
  events,
  timeZone,
  today,
  onOpen,
}: {
  firstOfMonth: string;
  events: CalendarItem[];
  timeZone: string;
  today: string;
  onOpen?: (item: CalendarItem) => void;
}) {
  const month = firstOfMonth.slice(0, 7);
  const weekday = new Date(`${firstOfMonth}T00:00:00Z`).getUTCDay();
  const gridStart = addDays(firstOfMonth, -weekday);
  const byDay = new Map<string, CalendarItem[]>();
  const push = (day: string, item: CalendarItem) => {
    const list = byDay.get(day);
    if (list) list.push(item);
    else byDay.set(day, [item]);
  };
  const gridEnd = addDays(gridStart, 42);
  const dayKeyIn = dayKeyFn(timeZone);
  for (const e of events) {
    if (e.allDay && e.startDay && e.endDay) {
      for (let d = e.startDay < gridStart ? gridStart : e.startDay; d < e.endDay && d < gridEnd; d = addDays(d, 1))
        push(d, e);
    } else push(dayKeyIn(e.start), e);
  }
  const weeks = Array.from({ length: 6 }, (_, w) => Array.from({ length: 7 }, (_, d) => addDays(gridStart, w * 7 + d)));
  return (
    <table className="w-full table-fixed border-collapse text-xs" aria-label="Events this month">
      <thead>
        <tr>
          {WEEKDAY_LABELS.map((d) => (
            <th key={d} scope="col" className="border border-slate-200 py-1 font-medium text-slate-700">
              {d}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((days) => (
          <tr key={days[0]}>
            {days.map((day) => {
              const items = byDay.get(day) ?? [];
              const inMonth = day.startsWith(month);
              return (
                <td
                  key={day}
                  className={`h-24 border border-slate-200 p-1 align-top ${day === today ? "bg-amber-50" : ""}`}
                >
                  <div className={`text-right ${inMonth ? "text-slate-800" : "text-slate-400"}`}>
                    {Number(day.slice(8))}
                  </div>
                  <ul className="mt-0.5 space-y-0.5">
                    {items.slice(0, MAX_PER_DAY).map((e) => (
                      <li key={`${e.occurrenceId}-${day}`} className="truncate">
                        <button
                          type="button"
                          onClick={() => onOpen?.(e)}
                          className="flex w-full items-center gap-1 truncate text-left"
                          title={e.title}
                        >
                          <span
                            aria-hidden="true"
                            className="h-2 w-2 shrink-0 rounded-full"
                            style={{ backgroundColor: e.colorCode.slice(0, 7) }}
                          />
                          {!e.allDay && <span className="text-slate-600">{shortTime(e.start, timeZone)}</span>}
                          <span className={`truncate font-semibold ${e.status === "inactive" ? "opacity-60" : ""}`}>
                            {e.title}
                          </span>
                        </button>
                      </li>
                    ))}
                    {items.length > MAX_PER_DAY && (
                      <li className="text-slate-600">+{items.length - MAX_PER_DAY} more</li>
                    )}
                  </ul>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
