import { UPLOAD_MESSAGES } from "@/lib/storage/kinds";
import { sessionEnded } from "@/lib/auth/session-ended";

/** The old portal's upload timeout (3,000,000 ms). */
const UPLOAD_TIMEOUT_MS = 3_000_000;

export type UploadHandle = { abort: () => void };

type Envelope = { code?: number; status?: string; message?: string; content?: unknown };

function parse(text: string): Envelope | null {
  try {
    return JSON.parse(text) as Envelope;
  } catch {
    return null;
  }
}

/**
 * Sends one file as multipart (`file`) with XHR so upload progress can be shown. The session cookie
 * authenticates it. `onDone` gets the stored path; `onError` the server's message or the old portal's
 * 'Remote server can not be reachable'.
 */
export function uploadFile(
  endpoint: string,
  file: File,
  cb: { onProgress: (percent: number) => void; onDone: (path: string) => void; onError: (message: string) => void },
): UploadHandle {
  const xhr = new XMLHttpRequest();
  let aborted = false;
  xhr.open("POST", endpoint);
  xhr.timeout = UPLOAD_TIMEOUT_MS;
  xhr.setRequestHeader("accept", "application/json");
  // A header no form of another site can send: the API refuses cookie-authenticated form posts without it.
  xhr.setRequestHeader("x-requested-with", "XMLHttpRequest");
  xhr.upload.onprogress = (e) => {
    if (e.lengthComputable) cb.onProgress(Math.min(100, Math.floor((e.loaded / e.total) * 100)));
  };
  xhr.onload = () => {
    const body = parse(xhr.responseText);
    if (xhr.status === 401) return void sessionEnded();
    if (xhr.status >= 200 && xhr.status < 300 && body && typeof body.content === "string")
      return cb.onDone(body.content);
    if (
      xhr.status >= 200 &&
      xhr.status < 300 &&
      body &&
      Array.isArray(body.content) &&
      typeof body.content[0] === "string"
    )
      return cb.onDone(body.content[0]);
    cb.onError(body?.message || `Upload failed (${xhr.status}).`);
  };
  xhr.onerror = () => {
    if (!aborted) cb.onError(UPLOAD_MESSAGES.unreachable);
  };
  xhr.ontimeout = () => cb.onError(UPLOAD_MESSAGES.unreachable);
  const form = new FormData();
  form.append("file", file, file.name);
  xhr.send(form);
  return {
    abort: () => {
      aborted = true;
      xhr.abort();
    },
  };
}
