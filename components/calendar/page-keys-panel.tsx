"use client";

import { useState } from "react";
import { setMenuCalendarKeysAction } from "@/lib/calendar/actions";
import type { CalendarKey } from "@/lib/calendar/types";
import { callAction } from "@/lib/actions/client";
import { Dialog } from "./dialog";

/**
 * The administrator's choice of the calendar keys this calendar page shows (none ticked: every key),
 * so that e.g. 'CIC Monthly Meetings' shows only the CIC meetings. The server checks the role again.
 */
export function PageKeysPanel({
  menuId,
  keys,
  chosen,
  onClose,
  onSaved,
}: {
  menuId: number;
  keys: CalendarKey[];
  chosen: number[];
  onClose: () => void;
  onSaved: (keyIds: number[]) => void;
}) {
  const [picked, setPicked] = useState<ReadonlySet<number>>(() => new Set(chosen));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const toggle = (id: number) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const save = async () => {
    setBusy(true);
    setError(null);
    const res = await callAction(setMenuCalendarKeysAction({ menuId, keyIds: [...picked] }));
    setBusy(false);
    if (res.ok) onSaved(res.data.keyIds);
    else setError(res.message);
  };

  return (
    <Dialog
      open
      title="Keys Shown Here"
      onClose={onClose}
      buttons={[
        { label: "Cancel", variant: "secondary", onClick: onClose },
        { label: busy ? "Saving…" : "Save", onClick: () => void save() },
      ]}
    >
      <fieldset>
        <legend className="mb-2">Which calendar keys this page shows. With none ticked it shows every key.</legend>
        <ul className="grid gap-2 sm:grid-cols-2">
          {keys.map((k) => (
            <li key={k.id}>
              <label className="inline-flex items-center gap-2">
                <input
                  type="checkbox"
                  className="h-4 w-4 rounded border-slate-300"
                  checked={picked.has(k.id)}
                  onChange={() => toggle(k.id)}
                  disabled={busy}
                />
                <span
                  aria-hidden="true"
                  className="h-3 w-3 shrink-0 rounded-full"
                  style={{ backgroundColor: k.colorCode.slice(0, 7) }}
                />
                {k.name}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {error && (
        <p role="alert" className="mt-3 text-red-700">
          {error}
        </p>
      )}
    </Dialog>
  );
}
