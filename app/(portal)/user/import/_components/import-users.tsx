"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { Dropzone } from "@/components/dropzone/dropzone";
import { toast } from "@/components/ui/toast";
import { callAction } from "@/lib/actions/client";
import { importUsersAction } from "@/lib/users/actions";
import type { ImportAction, ImportResult } from "@/lib/users/import";

const ACTION_TEXT: Record<ImportAction, { label: string; className: string }> = {
  create: { label: "Create", className: "bg-emerald-100 text-emerald-900" },
  change: { label: "Change", className: "bg-amber-100 text-amber-900" },
  unchanged: { label: "No change", className: "bg-slate-100 text-slate-700" },
  refuse: { label: "Refused", className: "bg-red-100 text-red-800" },
};

/** The import screen: the CSV (the portal's upload), its preview row by row, then the import. */
export function ImportUsers({ columns }: { columns: string[] }) {
  const router = useRouter();
  const [file, setFile] = useState("");
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState<"preview" | "commit" | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);

  const run = async (commit: boolean) => {
    setBusy(commit ? "commit" : "preview");
    const res = await callAction(importUsersAction({ file, commit }));
    setBusy(null);
    if (!res.ok) {
      toast.error(res.message);
      return;
    }
    if (!commit) return setPreview(res.data);
    const { counts } = res.data;
    toast.success(`Imported: ${counts.create} created, ${counts.change} changed, ${counts.refuse} refused.`);
    router.push("/user/list");
    router.refresh();
  };
  const writes = preview ? preview.counts.create + preview.counts.change : 0;

  return (
    <div className="space-y-4 rounded-lg bg-white p-4 shadow-sm sm:p-6">
      <h1 className="text-2xl font-semibold text-slate-900">Import users</h1>
      <p className="text-sm text-slate-700">
        A CSV with the user export&apos;s columns ({columns.join(", ")}), at most 5,000 rows. People are matched by
        e-mail: a new e-mail adds a person (who is mailed a link to set a password), a known one changes theirs. Export
        the list, edit it, and import it back. A column left out keeps what is stored; permissions are separated by
        &apos;;&apos;. You see every row before anything is written.
      </p>
      <Dropzone
        kind="document"
        label="CSV file"
        onChange={(files) => {
          setFile(files[0]?.path ?? "");
          setPreview(null);
        }}
        onBusyChange={setUploading}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link href="/user/list" className={buttonClass("secondary")}>
          Cancel
        </Link>
        <Button
          type="button"
          variant="secondary"
          loading={busy === "preview"}
          disabled={!file || uploading || busy !== null}
          onClick={() => run(false)}
        >
          Preview
        </Button>
        {preview && (
          <Button
            type="button"
            loading={busy === "commit"}
            disabled={!writes || busy !== null}
            onClick={() => run(true)}
          >
            Import {writes} {writes === 1 ? "person" : "people"}
          </Button>
        )}
      </div>
      {preview && (
        <section aria-labelledby="preview-title" className="space-y-2">
          <h2 id="preview-title" className="text-lg font-semibold text-slate-900">
            Preview
          </h2>
          <p role="status" className="text-sm text-slate-700">
            {preview.counts.create} to create, {preview.counts.change} to change, {preview.counts.unchanged} unchanged,{" "}
            {preview.counts.refuse} refused (refused rows are left out).
          </p>
          <div className="max-h-[32rem] overflow-auto rounded-md border border-slate-200">
            <table className="w-full text-left text-sm">
              <thead className="sticky top-0 bg-slate-50">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Line
                  </th>
                  <th scope="col" className="px-3 py-2">
                    What happens
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Person
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Details
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((r) => (
                  <tr key={r.line} className="border-t border-slate-200 align-top">
                    <td className="px-3 py-2 tabular-nums">{r.line}</td>
                    <td className="px-3 py-2">
                      <span className={`rounded px-2 py-0.5 text-xs font-medium ${ACTION_TEXT[r.action].className}`}>
                        {ACTION_TEXT[r.action].label}
                      </span>
                    </td>
                    <td className="px-3 py-2 break-words">
                      <div>{r.name}</div>
                      <div className="text-slate-600">{r.email}</div>
                    </td>
                    <td className="px-3 py-2">
                      <ul className="space-y-0.5">
                        {r.errors.map((e, i) => (
                          <li key={`e${i}`} className="text-red-700">
                            {e}
                          </li>
                        ))}
                        {r.changes.map((c) => (
                          <li key={c.field}>
                            {c.field}: {c.from || "(none)"} → {c.to || "(none)"}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  );
}
