import { ExportLinks } from "./export-links";
import { nextReminderAt, remindBlock, type ReadStatus } from "@/lib/content/must-read/queries";
import { DateText } from "./date-text";
import { RemindButton } from "./remind-button";
import { ColumnHeaders } from "@/components/ui/column-headers";

const STATE: Record<"acknowledged" | "seen" | "not-yet", string> = {
  acknowledged: "Acknowledged",
  seen: "Seen",
  "not-yet": "Not yet",
};

/**
 * 'Readers' of a must-read post (administrators): acknowledged / seen / not yet, in total and per
 * location with the names, CSV/XLSX export and the reminder.
 */
export function ReadersPanel({ status }: { status: ReadStatus }) {
  const { totals } = status;
  const next = nextReminderAt(status.post.remindedAt);
  const blocked = remindBlock(status.post);
  const exportHref = (format: "csv" | "xlsx") => `/api/export/read-status?salesId=${status.post.id}&format=${format}`;
  return (
    <section aria-labelledby="readers-title" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="readers-title" className="text-lg font-semibold text-slate-900">
          Readers
        </h2>
        <ExportLinks href={exportHref} className="flex gap-2 text-sm" compact />
      </div>
      <p className="text-sm text-slate-800">
        Of {totals.audience} {totals.audience === 1 ? "person" : "people"}: <strong>{totals.acknowledged}</strong>{" "}
        acknowledged, <strong>{totals.seen}</strong> seen only, <strong>{totals.notYet}</strong> not yet.
      </p>
      <RemindButton
        postId={status.post.id}
        pending={totals.seen + totals.notYet}
        nextAt={next ? <DateText date={next} kind="long" /> : null}
        blocked={
          blocked?.reason === "scheduled" ? (
            <>
              Not published yet: reminders can be sent from <DateText date={blocked.from} kind="long" />{" "}
              <DateText date={blocked.from} kind="time" />.
            </>
          ) : blocked ? (
            <>Expired: nobody can open it, so nobody is reminded.</>
          ) : null
        }
      />
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Readers per location</caption>
          <thead className="border-b border-slate-200 text-slate-700">
            <ColumnHeaders columns={["Location", "Acknowledged", "Seen", "Not yet"]} cellClass="py-2 pr-3" />
          </thead>
          <tbody>
            {status.locations.map((l) => (
              <tr key={l.locationId ?? "none"} className="border-b border-slate-100 align-top">
                <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                  <details>
                    <summary className="cursor-pointer">
                      {l.locationName} ({l.audience})
                    </summary>
                    <ul className="mt-1 space-y-0.5 font-normal text-slate-700">
                      {l.readers.map((r) => (
                        <li key={r.userId}>
                          {r.name}: {STATE[r.state]}
                          {r.acknowledgedAt && (
                            <>
                              {" "}
                              (<DateText date={r.acknowledgedAt} kind="long" />)
                            </>
                          )}
                        </li>
                      ))}
                    </ul>
                  </details>
                </th>
                <td className="py-2 pr-3">{l.acknowledged}</td>
                <td className="py-2 pr-3">{l.seen}</td>
                <td className="py-2 pr-3">{l.notYet}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
