import { cookies } from "next/headers";
import { roleCan } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/session";
import { listCalendarKeys, listMenuCalendarKeyIds, listOccurrences } from "@/lib/calendar/queries";
import { monthGridRange, monthOf, parseMonthParam } from "@/lib/calendar/range";
import { isKnownTimeZone, PORTAL_TIME_ZONE } from "@/lib/dates/zone";
import { packOccurrences } from "@/lib/calendar/pack";
import { CalendarApp } from "./calendar-app-lazy";
import { todayIn } from "./format";
import { personNameOrUsernameOf } from "@/lib/users/display-name";

export const TZ_COOKIE = "tz";

type Props = {
  menu: { id: number; slug: string; title: string };
  user: SessionUser;
  searchParams: Record<string, string | string[] | undefined>;
};

/**
 * The calendar page (menu page type 3). Renders the month on the server with its occurrences, in the
 * viewer's zone (the `tz` cookie the browser sets; California until it has), so the page is useful
 * before any script runs; the client component takes over navigation, search, detail and the form,
 * which it reads from the URL (`?month=`, `?event=`, `?edit=`, `?add=`, `?q=`).
 */
export async function CalendarPage({ menu, user, searchParams }: Props) {
  const jar = await cookies();
  const cookieTz = jar.get(TZ_COOKIE)?.value;
  const timeZone = cookieTz && isKnownTimeZone(cookieTz) ? cookieTz : PORTAL_TIME_ZONE;
  const monthParam = typeof searchParams.month === "string" ? searchParams.month : undefined;
  const { year, month } = parseMonthParam(monthParam) ?? monthOf(new Date(), timeZone);
  const range = monthGridRange(year, month, timeZone);
  const seeStatus = roleCan(user.roleId, "seeEventStatus");
  const [allKeys, pageKeyIds] = await Promise.all([listCalendarKeys(), listMenuCalendarKeyIds({ menuId: menu.id })]);
  const activeKeys = allKeys.filter((k) => k.status === "active");
  // A page may show only some keys (an administrator's choice, e.g. CIC Monthly Meetings): their events and legend.
  const keys = pageKeyIds.length ? activeKeys.filter((k) => pageKeyIds.includes(k.id)) : activeKeys;
  const occurrences = await listOccurrences({
    start: range.start,
    end: range.end,
    includeInactive: seeStatus,
    keys: allKeys,
    keyIds: pageKeyIds,
  });
  return (
    <CalendarApp
      title={menu.title}
      timeZone={timeZone}
      initialDate={range.firstDay}
      today={todayIn(timeZone)}
      initialRange={{ start: range.start.toISOString(), end: range.end.toISOString() }}
      initialEvents={packOccurrences(occurrences)}
      keys={keys}
      canManage={roleCan(user.roleId, "manageEvents")}
      seeStatus={seeStatus}
      userName={personNameOrUsernameOf(user)}
      menu={{ id: menu.id, slug: menu.slug }}
      canChooseKeys={roleCan(user.roleId, "manageBackOffice")}
      pageKeyIds={pageKeyIds}
      allKeys={roleCan(user.roleId, "manageBackOffice") ? activeKeys : []}
    />
  );
}
