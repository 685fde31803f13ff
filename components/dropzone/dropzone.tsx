"use client";

import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useDropzone } from "react-dropzone";
import {
  acceptOf,
  describeLimits,
  extensionAllowed,
  maxBytesOf,
  tooBigMessage,
  tooManyMessage,
  UPLOAD_KINDS,
  UPLOAD_MESSAGES,
  type UploadKindName,
} from "@/lib/storage/kinds";
import { Spinner } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { shrinkImage } from "./shrink-image";
import { uploadFile, type UploadHandle } from "./upload-client";
import { callAction } from "@/lib/actions/client";
import { removeUploadAction } from "@/lib/files/actions";

/** A file the form can save: its stored path plus what the list shows. */
export type UploadedFile = { path: string; name: string; size: number; type: string; url?: string | null };

type Item = {
  id: string;
  name: string;
  size: number;
  type: string;
  status: "queued" | "uploading" | "processing" | "done" | "error";
  progress: number;
  path?: string;
  error?: string;
  preview?: string | null;
  /** Saved earlier (edit forms): removing it only drops it from the list; the save decides. */
  existing?: boolean;
  file?: File;
};

export type DropzoneProps = {
  kind: UploadKindName;
  /** The visible label (defaults to the kind's). */
  label?: string;
  /** Files saved earlier, shown first (edit forms). */
  initialFiles?: UploadedFile[];
  /** Every file that is stored (existing and finished uploads), whenever that changes. */
  onChange?: (files: UploadedFile[]) => void;
  /** True while any upload is below 100% (or being stored): keep the form's buttons disabled. */
  onBusyChange?: (busy: boolean) => void;
  /** Called with each finished upload (the banner area saves it at once). */
  onUploaded?: (file: UploadedFile) => void;
  /** A message from the form (e.g. 'Required Banner.'). */
  error?: string;
  disabled?: boolean;
  id?: string;
  className?: string;
};

const PARALLEL_UPLOADS = 2;
const PREVIEW_TYPES = /^image\/(jpeg|png|gif)$/;

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/**
 * The one upload widget: drag and drop or click (Enter/Space from the keyboard), photos shrunk where the
 * kind says so, the kind's limits and messages checked before anything is sent, then one XHR per file
 * with a progress bar, cancel, remove (removeUploadAction) and image previews. Parents learn about finished files through `onChange`
 * and about unfinished ones through `onBusyChange`. In a form:
 *
 *   const [files, setFiles] = useState<UploadedFile[]>([]);
 *   const [uploading, setUploading] = useState(false);
 *   <Dropzone kind="post" label="Upload Document" initialFiles={existing} onChange={setFiles} onBusyChange={setUploading} />
 *   <Button type="submit" disabled={uploading} loading={saving}>Save</Button>
 *
 * and send `files.map((f) => f.path)` with the save; the server claims them with `claimUploads`
 * (lib/files/mutations.ts), which turns the temporary uploads into attached files.
 */
export function Dropzone({
  kind: kindName,
  label,
  initialFiles,
  onChange,
  onBusyChange,
  onUploaded,
  error,
  disabled,
  id,
  className = "",
}: DropzoneProps) {
  const kind = UPLOAD_KINDS[kindName];
  const autoId = useId();
  const baseId = id ?? autoId;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;
  const [items, setItems] = useState<Item[]>(() =>
    (initialFiles ?? []).map((f, i) => ({
      id: `existing-${i}-${f.path}`,
      name: f.name,
      size: f.size,
      type: f.type,
      status: "done" as const,
      progress: 100,
      path: f.path,
      preview: f.url && PREVIEW_TYPES.test(f.type) ? f.url : null,
      existing: true,
    })),
  );
  const [rejected, setRejected] = useState<{ name: string; message: string }[]>([]);
  const [announcement, setAnnouncement] = useState("");
  const handles = useRef(new Map<string, UploadHandle>());
  const previews = useRef(new Set<string>());

  const counted = items.filter((i) => i.status !== "error");
  const full = counted.length >= kind.maxFiles;
  const busy = items.some((i) => i.status === "queued" || i.status === "uploading" || i.status === "processing");

  const update = useCallback((itemId: string, patch: Partial<Item>) => {
    setItems((list) => list.map((i) => (i.id === itemId ? { ...i, ...patch } : i)));
  }, []);

  // Tell the form what is stored, and whether anything is still on its way.
  const done = useMemo(
    () =>
      items
        .filter((i) => i.status === "done" && i.path)
        .map((i) => ({ path: i.path!, name: i.name, size: i.size, type: i.type })),
    [items],
  );
  const onChangeRef = useRef(onChange);
  const onBusyRef = useRef(onBusyChange);
  const onUploadedRef = useRef(onUploaded);
  useEffect(() => {
    onChangeRef.current = onChange;
    onBusyRef.current = onBusyChange;
    onUploadedRef.current = onUploaded;
  });
  const doneKey = done.map((d) => d.path).join("\n");
  useEffect(() => {
    onChangeRef.current?.(done);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per change of the stored paths, not per new list
  }, [doneKey]);
  useEffect(() => {
    onBusyRef.current?.(busy);
  }, [busy]);

  // Start queued uploads, two at a time.
  useEffect(() => {
    const running = items.filter((i) => i.status === "uploading" || i.status === "processing").length;
    const next = items.filter((i) => i.status === "queued").slice(0, Math.max(0, PARALLEL_UPLOADS - running));
    for (const item of next) {
      // Starting the upload (the XHR) is this effect's work; marking the item started is what keeps the
      // next run from starting it again.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      update(item.id, { status: "uploading", progress: 0 });
      const handle = uploadFile(kind.endpoint, item.file!, {
        onProgress: (pct) => update(item.id, pct >= 100 ? { progress: 100, status: "processing" } : { progress: pct }),
        onDone: (path) => {
          handles.current.delete(item.id);
          update(item.id, { status: "done", progress: 100, path, file: undefined });
          setAnnouncement(`${item.name} uploaded.`);
          onUploadedRef.current?.({ path, name: item.name, size: item.size, type: item.type });
        },
        onError: (message) => {
          handles.current.delete(item.id);
          update(item.id, { status: "error", error: message, file: undefined });
          setAnnouncement(`${item.name}: ${message}`);
        },
      });
      handles.current.set(item.id, handle);
    }
  }, [items, kind.endpoint, update]);

  // Abort uploads and free previews when the form goes away.
  useEffect(() => {
    const h = handles.current;
    const p = previews.current;
    return () => {
      for (const handle of h.values()) handle.abort();
      for (const url of p) URL.revokeObjectURL(url);
    };
  }, []);

  const onDrop = useCallback(
    async (accepted: File[], refused: { file: File }[]) => {
      // Photos shrunk first (the kind's shrinkImagesTo), so the limits below apply to what is sent.
      const max = kind.shrinkImagesTo;
      const files = max ? await Promise.all(accepted.map((file) => shrinkImage(file, max))) : accepted;
      const dropped = [...files, ...refused.map((r) => r.file)];
      const problems: { name: string; message: string }[] = [];
      const fresh: Item[] = [];
      let room = kind.maxFiles - items.filter((i) => i.status !== "error").length;
      for (const file of dropped) {
        let message: string | null = null;
        if (room <= 0) message = tooManyMessage(kind);
        else if (!extensionAllowed(kind, file.name)) message = kind.messages.invalidType;
        else if (file.size > maxBytesOf(kind)) message = tooBigMessage(kind, file.size);
        else if (file.size === 0) message = UPLOAD_MESSAGES.empty;
        if (message) {
          problems.push({ name: file.name, message });
          continue;
        }
        room--;
        let preview: string | null = null;
        if (PREVIEW_TYPES.test(file.type)) {
          preview = URL.createObjectURL(file);
          previews.current.add(preview);
        }
        fresh.push({
          id: crypto.randomUUID(),
          name: file.name,
          size: file.size,
          type: file.type,
          status: "queued",
          progress: 0,
          preview,
          file,
        });
      }
      setRejected(problems);
      if (fresh.length) {
        setItems((list) => [...list, ...fresh]);
        setAnnouncement(`${fresh.length} file${fresh.length === 1 ? "" : "s"} uploading.`);
      } else if (problems.length) {
        setAnnouncement(problems.map((p) => `${p.name}: ${p.message}`).join(". "));
      }
    },
    [items, kind],
  );

  const { getRootProps, getInputProps, isDragActive, rootRef } = useDropzone({
    onDrop,
    accept: acceptOf(kind),
    multiple: kind.maxFiles > 1,
    disabled: disabled || full,
    // The server limits are what count; refusals get the old portal's messages in onDrop.
    maxSize: undefined,
  });

  function dropItem(item: Item) {
    if (item.preview && previews.current.has(item.preview)) {
      URL.revokeObjectURL(item.preview);
      previews.current.delete(item.preview);
    }
    setItems((list) => list.filter((i) => i.id !== item.id));
    // The button that had focus is gone: keep keyboard users in the widget.
    requestAnimationFrame(() => rootRef.current?.focus());
  }

  function cancel(item: Item) {
    handles.current.get(item.id)?.abort();
    handles.current.delete(item.id);
    dropItem(item);
    setAnnouncement(`Upload of ${item.name} cancelled.`);
  }

  async function remove(item: Item) {
    if (item.existing || item.status === "error" || !item.path) {
      dropItem(item);
      setAnnouncement(`${item.name} removed.`);
      return;
    }
    update(item.id, { status: "processing" });
    const result = await callAction(removeUploadAction({ filePath: item.path }));
    if (result.ok) {
      dropItem(item);
      setAnnouncement(`${item.name} removed.`);
    } else {
      update(item.id, { status: "done", error: result.message });
      setAnnouncement(`${item.name}: ${result.message}`);
    }
  }

  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <p id={`${baseId}-label`} className="mb-1 block text-sm font-medium text-slate-700">
        {label ?? kind.label}
      </p>
      {/* The file input sits beside the zone, not in it: the zone is the one button (a focusable control
          inside a button is axe's nested-interactive); it opens the input by its ref. */}
      <input {...getInputProps({ id: `${baseId}-input`, "aria-hidden": true })} />
      <div
        {...getRootProps({
          role: "button",
          "aria-labelledby": `${baseId}-label`,
          "aria-describedby": describedBy,
          "aria-disabled": disabled || full || undefined,
          className: `flex min-h-28 flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed px-4 py-6 text-center text-sm transition-colors ${
            disabled || full
              ? "cursor-not-allowed border-slate-200 bg-slate-50 text-slate-400"
              : isDragActive
                ? "cursor-copy border-brand-500 bg-brand-50 text-brand-700"
                : `cursor-pointer bg-white text-slate-600 hover:border-brand-500 hover:bg-brand-50 ${error ? "border-red-400" : "border-slate-300"}`
          }`,
        })}
      >
        <Icon name="upload" className="h-8 w-8" />
        <span className="font-medium">
          {full
            ? kind.maxFiles === 1
              ? "Remove the current file to add another."
              : tooManyMessage(kind)
            : isDragActive
              ? "Drop the files here"
              : "Drop files here or click to upload"}
        </span>
        <span id={hintId} className="text-xs text-slate-500">
          {describeLimits(kind)}
        </span>
      </div>

      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}

      {rejected.length > 0 && (
        <ul role="alert" className="mt-2 space-y-1 rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-700">
          {rejected.map((r, i) => (
            <li key={`${r.name}-${i}`} className="flex items-start justify-between gap-2">
              <span className="break-all">
                <span className="font-medium">{r.name}</span>: {r.message}
              </span>
              {i === 0 && (
                <button
                  type="button"
                  onClick={() => setRejected([])}
                  className="shrink-0 rounded px-1 text-red-700 hover:bg-red-100"
                  aria-label="Dismiss upload errors"
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}

      {items.length > 0 && (
        <ul className="mt-3 space-y-2" aria-label="Files">
          {items.map((item) => (
            <li
              key={item.id}
              className={`flex items-center gap-3 rounded-md border bg-white p-2 ${item.status === "error" ? "border-red-300" : "border-slate-200"}`}
            >
              {item.preview ? (
                // eslint-disable-next-line @next/next/no-img-element -- a local object URL, nothing to optimise
                <img src={item.preview} alt="" className="h-12 w-12 shrink-0 rounded object-cover" />
              ) : (
                <Icon name="document" className="h-12 w-12 shrink-0 rounded bg-slate-100 p-2.5 text-slate-500" />
              )}
              <div className="min-w-0 flex-1">
                <div className="flex items-baseline justify-between gap-2">
                  <span className="truncate text-sm font-medium text-slate-800" title={item.name}>
                    {item.name}
                  </span>
                  <span className="shrink-0 text-xs text-slate-500">{formatSize(item.size)}</span>
                </div>
                {(item.status === "queued" || item.status === "uploading" || item.status === "processing") && (
                  <div className="mt-1 flex items-center gap-2">
                    <div
                      role="progressbar"
                      aria-label={`Uploading ${item.name}`}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={item.progress}
                      className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
                    >
                      <div
                        className="h-full rounded-full bg-brand-600 transition-[width]"
                        style={{ width: `${item.progress}%` }}
                      />
                    </div>
                    <span className="w-20 text-right text-xs text-slate-600 tabular-nums">
                      {item.status === "queued"
                        ? "Waiting"
                        : item.status === "processing"
                          ? "Saving…"
                          : `${item.progress}%`}
                    </span>
                  </div>
                )}
                {item.status === "done" && !item.error && (
                  <p className="mt-0.5 text-xs text-green-700">{item.existing ? "Saved" : "Uploaded"}</p>
                )}
                {item.error && (
                  <p className="mt-0.5 text-xs text-red-600" role="alert">
                    {item.error}
                  </p>
                )}
              </div>
              {item.status === "queued" || item.status === "uploading" ? (
                <button
                  type="button"
                  onClick={() => cancel(item)}
                  className="shrink-0 rounded-md border border-slate-300 px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
                  aria-label={`Cancel upload of ${item.name}`}
                >
                  Cancel
                </button>
              ) : item.status === "processing" ? (
                <Spinner className="h-4 w-4 shrink-0 text-slate-500" />
              ) : (
                <button
                  type="button"
                  onClick={() => remove(item)}
                  disabled={disabled}
                  className="shrink-0 rounded-md border border-slate-300 px-2 py-1 text-xs font-medium text-red-700 hover:bg-red-50 disabled:opacity-50"
                  aria-label={`Remove ${item.name}`}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}

      <div aria-live="polite" className="sr-only">
        {announcement}
      </div>
    </div>
  );
}
