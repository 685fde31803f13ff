import Link from "next/link";
import type { ReactNode } from "react";
import { SubmitAnother } from "@/components/forms/submit-another";

/** One submitted field: its label as the form shows it and its value (empty: 'Not given'). */
export type DetailField = { label: string; value: ReactNode };

/** A form's repeated rows (tech time's attendance and shop rows): each row its own list of fields. */
export type DetailRows = {
  title: string;
  rowTitle: (index: number) => string;
  rows: DetailField[][];
  emptyText: string;
};

export type RecordDetailProps = {
  /** The page's heading ('Uniform Request'). */
  title: string;
  /** Who or what the record is about, under the heading ('Jane Doe'). */
  subtitle?: string;
  fields: DetailField[];
  /** Sections of repeated rows after the fields. */
  repeated?: DetailRows[];
  /** The list the record belongs to, when the viewer may open it. */
  back?: { href: string; label: string };
  /** The record's edit form, when it has one and the viewer may use it. */
  edit?: { href: string; label: string };
  /** The form's add page: 'Submit another' shows just after the form saved this record (SubmitAnother). */
  addHref?: string;
  /** What follows the fields (a request's status, timeline and decision panel). */
  children?: ReactNode;
};

const isEmpty = (v: ReactNode) => v === null || v === undefined || v === "" || v === false;

function FieldList({ fields }: { fields: DetailField[] }) {
  return (
    <dl className="divide-y divide-slate-100">
      {fields.map((f) => (
        <div key={f.label} className="grid gap-1 py-2.5 sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)] sm:gap-4">
          <dt className="text-sm font-medium text-slate-600">{f.label}</dt>
          <dd className="text-sm break-words whitespace-pre-line text-slate-900">
            {isEmpty(f.value) ? <span className="text-slate-600 italic">Not given</span> : f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A staff form submission, read-only and in full: a definition list of every submitted field (label
 * and value, long texts with their line breaks), then any repeated rows, one titled list per row.
 * One component for every staff form's detail page; the page decides who may see it.
 */
export function RecordDetail({
  title,
  subtitle,
  fields,
  repeated = [],
  back,
  edit,
  addHref,
  children,
}: RecordDetailProps) {
  return (
    <article aria-labelledby="record-title" className="space-y-6 rounded-lg bg-white p-4 shadow-sm sm:p-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 id="record-title" className="text-2xl font-semibold text-slate-900">
            {title}
          </h1>
          {subtitle && <p className="mt-1 text-sm break-words text-slate-600">{subtitle}</p>}
        </div>
        {(back || edit || addHref) && (
          <div className="flex flex-wrap gap-2">
            {addHref && <SubmitAnother href={addHref} />}
            {back && (
              <Link
                href={back.href}
                prefetch={false}
                className="inline-flex items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
              >
                {back.label}
              </Link>
            )}
            {edit && (
              <Link
                href={edit.href}
                prefetch={false}
                className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
              >
                {edit.label}
              </Link>
            )}
          </div>
        )}
      </header>
      <FieldList fields={fields} />
      {repeated.map((section) => (
        <section key={section.title} aria-label={section.title} className="space-y-3">
          <h2 className="text-lg font-semibold text-slate-900">{section.title}</h2>
          {section.rows.length === 0 ? (
            <p className="text-sm text-slate-600">{section.emptyText}</p>
          ) : (
            <ol className="grid gap-3 lg:grid-cols-2">
              {section.rows.map((row, i) => (
                <li key={i} className="rounded-md border border-slate-200 px-3 py-1">
                  <h3 className="pt-2 text-sm font-semibold text-slate-800">{section.rowTitle(i)}</h3>
                  <FieldList fields={row} />
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
      {children}
    </article>
  );
}
