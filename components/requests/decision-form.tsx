"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { FieldLabel } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { Dropzone, type UploadedFile } from "@/components/dropzone/dropzone";
import { decideRequestAction } from "@/lib/requests/actions";
import { COMMENT_REQUIRED, DECISION_LABELS, type ApiForm, type Decision } from "@/lib/requests/transitions";
import { type RequestStatus } from "@/lib/forms/request-statuses";

/**
 * The decision panel's form: a comment and one button per decision the viewer may take now. It posts
 * through a server action (never a GET), with the status the viewer saw: if someone decided meanwhile,
 * the server's 409 says who and how, and the page reloads to show it. The requester's answer may carry
 * photos or documents (the one Dropzone, kind `request`): sent as their stored paths, claimed with the answer.
 */
export function DecisionForm({
  form,
  id,
  status,
  decisions,
}: {
  form: ApiForm;
  id: number;
  status: RequestStatus;
  decisions: Decision[];
}) {
  const router = useRouter();
  const commentId = useId();
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const answering = decisions.length === 1 && decisions[0] === "answer";
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [uploading, setUploading] = useState(false);
  // A new Dropzone after an answer went through: its list starts empty again.
  const [dropzoneKey, setDropzoneKey] = useState(0);

  const submit = (decision: Decision) =>
    start(async () => {
      setError(null);
      const res = await decideRequestAction({
        form,
        id,
        decision,
        comment,
        expected_status: status,
        files: answering ? files.map((f) => f.path) : [],
      });
      if (res.ok) {
        toast.success(res.message ?? "Saved.");
        setComment("");
        setFiles([]);
        setDropzoneKey((k) => k + 1);
      } else {
        setError(res.fieldErrors?.comment?.[0] ?? res.fieldErrors?.files?.[0] ?? res.message);
        if (res.status !== 409) return;
      }
      router.refresh();
    });

  return (
    <div className="space-y-3">
      <div>
        <FieldLabel htmlFor={commentId} label={answering ? "Your answer" : "Comment"} required={answering} />
        <textarea
          id={commentId}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          rows={3}
          maxLength={5000}
          aria-describedby={error ? `${commentId}-error` : `${commentId}-help`}
          aria-invalid={error ? true : undefined}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm"
        />
        {error ? (
          <p id={`${commentId}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : (
          <p id={`${commentId}-help`} className="mt-1 text-xs text-slate-600">
            {answering
              ? "Answer the question; the request goes back to its approvers."
              : "A reason is required to deny or decline, and a question to ask for information."}
          </p>
        )}
      </div>
      {answering && (
        <Dropzone
          key={dropzoneKey}
          kind="request"
          label="Photos or documents (optional)"
          onChange={setFiles}
          onBusyChange={setUploading}
          disabled={pending}
        />
      )}
      <div className="flex flex-wrap gap-2">
        {decisions.map((d) => (
          <Button
            key={d}
            type="button"
            variant={d === "deny" || d === "decline" ? "danger" : d === "needs_info" ? "secondary" : "primary"}
            loading={pending}
            disabled={uploading}
            onClick={() => submit(d)}
            aria-describedby={COMMENT_REQUIRED.has(d) ? `${commentId}-help` : undefined}
          >
            {DECISION_LABELS[d]}
          </Button>
        ))}
      </div>
    </div>
  );
}
