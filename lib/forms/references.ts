import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { WEARS } from "./uniform/schemas";
import { personName } from "@/lib/users/display-name";

/**
 * What each staff form's request is called (docs/features/requests.md, 'A request's reference'): one SQL
 * expression per form over its row `t` (the table's name or an alias), registered in
 * lib/forms/registry-server.ts and read by every place that names a request: the record page's heading and
 * <title>, My requests, the approvals inbox, the request mails' subjects, the outbox and the search results.
 * Dates are MM/DD (the year is on the record); a text typed into the form is cut at REFERENCE_TEXT_MAX.
 */
export type ReferenceOf = (t: SQL) => SQL<string>;

export const REFERENCE_TEXT_MAX = 60;

const monthDay = (date: SQL) => sql`to_char(${date}, 'MM/DD')`;

/** A typed text on one line, cut to REFERENCE_TEXT_MAX characters with '…' (null when empty). */
const shortText = (text: SQL) => {
  const line = sql`nullif(btrim(regexp_replace(coalesce(${text}, ''), '\\s+', ' ', 'g')), '')`;
  return sql`(case when length(${line}) > ${sql.raw(String(REFERENCE_TEXT_MAX))} then rtrim(left(${line}, ${sql.raw(String(REFERENCE_TEXT_MAX - 1))})) || '…' else ${line} end)`;
};

/** 'RO reversal RA-300010 · Sam Staff'. */
export const roReversalReference: ReferenceOf = (t) =>
  sql<string>`('RO reversal ' || ${t}.full_ra || ' · ' || ${t}.employee_name)`;

/** A tech time form's first RO number (its first shop row that has one), or null. */
const firstRo = (t: SQL) =>
  sql`(select r.ro_number from tech_time_rows r where r.tech_time_id = ${t}.id and r.kind = 'shop'
    and coalesce(r.ro_number, '') <> '' order by r.position limit 1)`;

/**
 * 'Tech time 11/26 RO 88231': the date and the first RO number; '#id' after them when another form of the same
 * person has the same date and RO (or neither has one), so two of one person never read the same. The person is
 * beside it wherever it is shown (the list's columns, the inbox's requester, the search result's line).
 */
export const techTimeReference: ReferenceOf = (t) => {
  const o = sql.raw("o");
  const twin = sql`exists (select 1 from tech_times o where o.date = ${t}.date and o.employee_name = ${t}.employee_name
    and o.id <> ${t}.id and ${firstRo(o)} is not distinct from ${firstRo(t)})`;
  return sql<string>`('Tech time ' || ${monthDay(sql`${t}.date`)} || coalesce(' RO ' || ${firstRo(t)}, '')
    || (case when ${twin} then ' #' || ${t}.id else '' end))`;
};

/** 'Suggestion · Recycle the cardboard … · Sam Staff': what it proposes ('#id' when it says nothing), then who. */
export const suggestionReference: ReferenceOf = (t) =>
  sql<string>`('Suggestion · ' || coalesce(${shortText(sql`${t}.describe_current_process_and_problem`)}, '#' || ${t}.id)
    || ' · ' || ${t}.name)`;

const wearLabel = (t: SQL) =>
  sql`(case ${t}.wear_id ${sql.join(
    WEARS.map((w) => sql.raw(`when ${w.value} then '${w.text.replace(/'/g, "''")}'`)),
    sql` `,
  )} else 'Uniform' end)`;

/**
 * 'Uniform · Polo × 3 · Una Form': the wear and its quantity (a technician's 'Shirt & Pant' with its split
 * quantities reads 'Shirt × 2 + Pant × 1'), then the employee it is for, so two people's same order (and its
 * mails' subjects) read apart.
 */
export const uniformReference: ReferenceOf = (t) => {
  const employee = personName({ firstName: sql`${t}.employee_first_name`, lastName: sql`${t}.employee_last_name` });
  return sql<string>`('Uniform · ' || (case when ${t}.quantity is null and (${t}.shirt_quantity is not null or ${t}.pant_quantity is not null)
    then 'Shirt × ' || coalesce(${t}.shirt_quantity, 0) || ' + Pant × ' || coalesce(${t}.pant_quantity, 0)
    else ${wearLabel(t)} || coalesce(' × ' || ${t}.quantity, '') end)
    || coalesce(' · ' || ${employee}, ''))`;
};

/** 'Time off 12/01–12/05 · Sam Staff' ('Time off 12/01 (half day) · …' for a half day). */
export const timeOffReference: ReferenceOf = (t) =>
  sql<string>`('Time off ' || ${monthDay(sql`${t}.date_from`)}
    || (case when ${t}.date_to <> ${t}.date_from then '–' || ${monthDay(sql`${t}.date_to`)} else '' end)
    || (case when ${t}.half_day then ' (half day)' else '' end) || ' · ' || ${t}.employee_name)`;
