"use client";

import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  createFeedLinkAction,
  listFeedLinksAction,
  resetFeedLinkAction,
  revokeFeedLinkAction,
  type FeedLink,
} from "@/lib/calendar/actions";
import type { CalendarKey } from "@/lib/calendar/types";
import { Dialog } from "./dialog";
import { callAction } from "@/lib/actions/client";

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }) : "never";

/**
 * Private ICS subscription links for Outlook, Google Calendar or Apple Calendar: all keys or one key.
 * The URL holds a secret shown once (only its hash is stored); revoking stops it at once, and
 * resetting replaces it with a new one (shown once) for a link that may have been shared.
 */
export function FeedPanel({ keys, onClose }: { keys: CalendarKey[]; onClose: () => void }) {
  const selectId = useId();
  const urlId = useId();
  const [links, setLinks] = useState<FeedLink[] | null>(null);
  const [keyId, setKeyId] = useState("");
  const [created, setCreated] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void callAction(listFeedLinksAction({})).then((res) => (res.ok ? setLinks(res.data) : setError(res.message)));
  }, []);

  const create = async () => {
    setBusy(true);
    setError(null);
    const res = await callAction(createFeedLinkAction({ calendarKeyId: keyId ? Number(keyId) : "" }));
    setBusy(false);
    if (!res.ok) return setError(res.message);
    setCreated(`${window.location.origin}${res.data.path}`);
    setCopied(false);
    setLinks(res.data.links);
  };

  const reset = async (id: number) => {
    setError(null);
    const res = await callAction(resetFeedLinkAction({ id }));
    if (!res.ok) return setError(res.message);
    setCreated(`${window.location.origin}${res.data.path}`);
    setCopied(false);
    setLinks(res.data.links);
  };

  const revoke = async (id: number) => {
    setError(null);
    const res = await callAction(revokeFeedLinkAction({ id }));
    if (!res.ok) return setError(res.message);
    setLinks(res.data);
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created);
      setCopied(true);
    } catch {
      (document.getElementById(urlId) as HTMLInputElement | null)?.select();
    }
  };

  return (
    <Dialog
      open
      title="Subscribe to the calendar"
      wide
      onClose={onClose}
      buttons={[{ label: "Close", variant: "secondary", onClick: onClose }]}
    >
      <p>
        Create a private link and add it in Outlook (Add calendar → From internet), Google Calendar (Other calendars →
        From URL) or Apple Calendar. It shows active events and updates about once an hour. Anyone with the link can
        read these events: reset or revoke it if it is shared by mistake. Changing your password resets every link.
      </p>
      {error && (
        <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 p-2 text-red-700">
          {error}
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={selectId} className="mb-1 block font-medium text-slate-700">
            Events of
          </label>
          <select
            id={selectId}
            value={keyId}
            onChange={(e) => setKeyId(e.target.value)}
            className="rounded-md border border-slate-300 px-3 py-2"
          >
            <option value="">All keys</option>
            {keys.map((k) => (
              <option key={k.id} value={k.id}>
                {k.name}
              </option>
            ))}
          </select>
        </div>
        <Button type="button" onClick={create} loading={busy}>
          Create private link
        </Button>
      </div>
      {created && (
        <div className="mt-4 rounded-md border border-brand-100 bg-brand-50 p-3">
          <label htmlFor={urlId} className="block font-medium text-slate-800">
            Your new link (copy it now: it is not shown again)
          </label>
          <div className="mt-2 flex flex-wrap gap-2">
            <input
              id={urlId}
              readOnly
              value={created}
              onFocus={(e) => e.target.select()}
              className="min-w-0 grow basis-full rounded-md border border-slate-300 bg-white px-2 py-1 font-mono text-xs sm:basis-0"
            />
            <Button type="button" variant="secondary" onClick={copy}>
              {copied ? "Copied" : "Copy"}
            </Button>
            <a className="self-center text-brand-700 underline" href={created.replace(/^https?:/, "webcal:")}>
              Open in calendar app
            </a>
          </div>
        </div>
      )}
      <h3 className="mt-5 font-semibold text-slate-800">Your links</h3>
      {links === null ? (
        <p className="mt-2 text-slate-500">Loading…</p>
      ) : links.length === 0 ? (
        <p className="mt-2 text-slate-500">You have no subscription links.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {links.map((l) => (
            <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium">{l.keyName ?? "All keys"}</span>
                <span className="block text-xs text-slate-500">
                  Created {when(l.createdAt)} · last used {when(l.lastUsedAt)}
                </span>
              </span>
              <span className="flex gap-2">
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => reset(l.id)}
                  aria-label={`Reset link: ${l.keyName ?? "All keys"}`}
                >
                  Reset link
                </Button>
                <Button
                  type="button"
                  variant="danger"
                  onClick={() => revoke(l.id)}
                  aria-label={`Revoke: ${l.keyName ?? "All keys"}`}
                >
                  Revoke
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
