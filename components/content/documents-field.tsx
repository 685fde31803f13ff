"use client";

import { useId, useRef, useState } from "react";
import { MAX_FILE_BYTES, MAX_FILE_MB, MESSAGES } from "@/lib/content/constants";
import type { DocumentRef } from "@/lib/content/schemas";
import { FileTypeIcon, CloseIcon } from "./icons";
import { extensionOf } from "@/lib/content/constants";

type Upload = { key: string; name: string; progress: number; error?: string };

/**
 * The Upload Document field: the stored documents (removable) and new files uploaded one by one to
 * POST /api/v1/store_document with progress. `onBusy` tells the form to disable its buttons while an
 * upload runs (the spec: Save stays disabled until upload reaches 100%).
 */
export function DocumentsField({
  label,
  value,
  onChange,
  max,
  kind,
  error,
  onBusy,
  accept,
}: {
  label: string;
  value: DocumentRef[];
  onChange: (docs: DocumentRef[]) => void;
  max: number;
  kind: string;
  error?: string;
  onBusy: (busy: boolean) => void;
  accept?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const latest = useRef(value);
  latest.current = value;

  const add = async (files: FileList | null) => {
    if (!files?.length) return;
    setMessage(null);
    const list = Array.from(files);
    const room = max - latest.current.length - uploads.filter((u) => !u.error).length;
    if (list.length > room) {
      setMessage(max === 1 ? MESSAGES.oneFileOnly : `Only ${max} files are allowed`);
      return;
    }
    const tooBig = list.find((f) => f.size > MAX_FILE_BYTES);
    if (tooBig) {
      setMessage(MESSAGES.fileTooBig(Math.ceil(tooBig.size / 1024 / 1024)));
      return;
    }
    onBusy(true);
    try {
      for (const file of list) {
        const key = `${file.name}-${file.size}-${Math.random()}`;
        setUploads((u) => [...u, { key, name: file.name, progress: 0 }]);
        try {
          const path = await uploadFile(file, kind, (p) => setUploads((u) => u.map((x) => (x.key === key ? { ...x, progress: p } : x))));
          setUploads((u) => u.filter((x) => x.key !== key));
          const next = [...latest.current, { path, name: file.name, size: file.size, type: file.type || extensionOf(file.name) }];
          latest.current = next;
          onChange(next);
        } catch (err) {
          setUploads((u) => u.map((x) => (x.key === key ? { ...x, error: (err as Error).message } : x)));
        }
      }
    } finally {
      onBusy(false);
      if (input.current) input.current.value = "";
    }
  };

  const shown = error ?? message;
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 block text-sm font-medium text-slate-700">{label}</legend>
      <div
        className={`rounded-lg border-2 border-dashed p-4 text-center ${shown ? "border-red-400" : "border-slate-300"}`}
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          void add(e.dataTransfer.files);
        }}
      >
        <p className="text-sm text-slate-600">Drop files here or</p>
        <label htmlFor={id} className="mt-2 inline-block cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-brand-500">
          Choose {max === 1 ? "a file" : "files"}
          <input
            ref={input}
            id={id}
            type="file"
            multiple={max > 1}
            accept={accept}
            className="sr-only"
            aria-describedby={shown ? `${id}-error` : `${id}-hint`}
            onChange={(e) => void add(e.target.files)}
          />
        </label>
        <p id={`${id}-hint`} className="mt-2 text-xs text-slate-500">
          {max === 1 ? "One file" : `Up to ${max} files`}, {MAX_FILE_MB} MB each
        </p>
      </div>
      {shown && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {shown}
        </p>
      )}
      {(value.length > 0 || uploads.length > 0) && (
        <ul className="space-y-1">
          {value.map((d) => (
            <li key={d.path} className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm">
              <FileTypeIcon extension={extensionOf(d.name)} className="h-6 w-6 shrink-0" />
              <span className="min-w-0 flex-1 truncate" title={d.name}>
                {d.name}
              </span>
              <span className="text-xs text-slate-500">{formatSize(d.size)}</span>
              <button type="button" onClick={() => onChange(value.filter((x) => x.path !== d.path))} className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-red-600" aria-label={`Remove ${d.name}`}>
                <CloseIcon className="h-4 w-4" />
              </button>
            </li>
          ))}
          {uploads.map((u) => (
            <li key={u.key} className="rounded-md border border-slate-200 px-3 py-2 text-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="min-w-0 truncate">{u.name}</span>
                {u.error ? (
                  <button type="button" className="text-xs text-slate-500 underline" onClick={() => setUploads((x) => x.filter((y) => y.key !== u.key))}>
                    Dismiss
                  </button>
                ) : (
                  <span className="text-xs text-slate-500">{u.progress}%</span>
                )}
              </div>
              {u.error ? (
                <p role="alert" className="mt-1 text-xs text-red-600">
                  {u.error}
                </p>
              ) : (
                <progress className="mt-1 h-1.5 w-full" max={100} value={u.progress} aria-label={`Uploading ${u.name}`} />
              )}
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** Streams one file to store_document (multipart, field `file`) and resolves with the stored path. */
function uploadFile(file: File, kind: string, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/v1/store_document?kind=${encodeURIComponent(kind)}`);
    xhr.timeout = 3_000_000;
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    xhr.onload = () => {
      let body: { message?: string; content?: unknown } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      const c = body?.content as { path?: string; file_path?: string } | string | undefined;
      const path = typeof c === "string" ? c : (c?.path ?? c?.file_path);
      if (xhr.status >= 200 && xhr.status < 300 && path) {
        onProgress(100);
        resolve(path);
      } else reject(new Error(body?.message ?? `The upload failed (${xhr.status}).`));
    };
    xhr.onerror = () => reject(new Error("Remote server can not be reachable"));
    xhr.ontimeout = () => reject(new Error("The upload timed out."));
    const data = new FormData();
    data.append("kind", kind);
    data.append("file", file);
    xhr.send(data);
  });
}
