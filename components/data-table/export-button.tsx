"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { portalFetch } from "@/lib/auth/session-ended";

function size(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * An export button: asks for the download link (`getLink`, e.g. the list call with its export flag),
 * then downloads it while showing how much has arrived (the server streams, so the size is not known
 * ahead), and saves it under the server's file name. Disabled while running (the old portal's behaviour).
 */
export function ExportButton({
  label,
  getLink,
  onDone,
}: {
  label: string;
  getLink: () => Promise<string>;
  onDone?: () => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const run = async () => {
    setProgress(0);
    try {
      const link = await getLink();
      const res = await portalFetch(link);
      if (!res.ok || !res.body) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        throw new Error(body?.message ?? `The export failed (${res.status}).`);
      }
      const reader = res.body.getReader();
      const parts: BlobPart[] = [];
      let received = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        received += value.length;
        setProgress(received);
      }
      const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "export";
      const url = URL.createObjectURL(
        new Blob(parts, { type: res.headers.get("content-type") ?? "application/octet-stream" }),
      );
      const a = document.createElement("a");
      a.href = url;
      a.download = name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      onDone?.();
    } catch (err) {
      toast.error(err instanceof Error ? err.message : "The export failed.");
    } finally {
      setProgress(null);
    }
  };
  return (
    <Button type="button" variant="secondary" onClick={run} loading={progress !== null}>
      {progress === null ? label : `Exporting… ${size(progress)}`}
      {progress !== null && <span className="sr-only" role="status">{`Exporting, ${size(progress)} received`}</span>}
    </Button>
  );
}
