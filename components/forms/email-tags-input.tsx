"use client";

import { useId, useState } from "react";
import { FieldLabel } from "@/components/ui/input";
import { collapseEmails, isEmailTag, MAPPER_MESSAGES } from "@/lib/forms/email-manager/schemas";

type Props = {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  name?: string;
  required?: boolean;
};

/**
 * A tag input of e-mail addresses (the form email manager's To and CC): Enter, comma, Tab or leaving
 * the field adds what was typed (several at once when pasted with commas or spaces). A tag that is
 * not an e-mail is refused with 'Please enter valid Email' and stays in the box to be corrected; a
 * duplicate (in any case) is collapsed. Backspace in an empty box removes the last tag.
 */
export function EmailTagsInput({ label, value, onChange, error, name, required }: Props) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const [tagError, setTagError] = useState<string | null>(null);
  const shown = tagError ?? error;

  const commit = () => {
    const parts = draft
      .split(/[\s,;]+/)
      .map((s) => s.trim())
      .filter(Boolean);
    if (!parts.length) return true;
    const bad = parts.filter((p) => !isEmailTag(p));
    onChange(collapseEmails([...value, ...parts.filter(isEmailTag)]));
    setDraft(bad.join(", "));
    setTagError(bad.length ? MAPPER_MESSAGES.invalid : null);
    return bad.length === 0;
  };

  return (
    <div>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <div
        className={`flex flex-wrap items-center gap-1.5 rounded-md border bg-white px-2 py-1.5 shadow-sm focus-within:border-brand-500 focus-within:ring-1 focus-within:ring-brand-500 ${shown ? "border-red-500" : "border-slate-300"}`}
      >
        <ul className="contents" aria-label={`${label} addresses`}>
          {value.map((address) => (
            <li
              key={address}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-sm text-slate-800"
            >
              <span className="truncate">{address}</span>
              <button
                type="button"
                className="rounded-full px-1 text-slate-600 hover:bg-slate-200 hover:text-slate-900"
                aria-label={`Remove ${address}`}
                onClick={() => onChange(value.filter((a) => a !== address))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          name={name}
          type="text"
          inputMode="email"
          autoComplete="off"
          value={draft}
          aria-invalid={shown ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
          className="min-w-[12rem] flex-1 border-0 px-1 py-1 text-sm focus:outline-none"
          placeholder="name@example.com"
          onChange={(e) => {
            setDraft(e.target.value);
            setTagError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter" || e.key === ",") {
              e.preventDefault();
              commit();
            } else if (e.key === "Backspace" && draft === "" && value.length) {
              onChange(value.slice(0, -1));
            }
          }}
          onBlur={() => commit()}
        />
      </div>
      {shown && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {shown}
        </p>
      )}
    </div>
  );
}
