import type { RequestFile } from "@/lib/requests/files";
import { DateText } from "@/components/content/date-text";
import { Icon } from "@/components/ui/icon";

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/**
 * The photos and documents attached to a request (record page): a small picture for an image, an icon for anything
 * else, each a signed download link (lib/requests/files.ts) with its name, size and when it came.
 */
export function RequestFiles({ files }: { files: RequestFile[] }) {
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-slate-800">Photos and documents</h3>
      <ul className="grid gap-2 sm:grid-cols-2">
        {files.map((f) => (
          <li key={f.id} className="flex min-w-0 items-center gap-3 rounded-md border border-slate-200 p-2">
            {f.thumbnail ? (
              // eslint-disable-next-line @next/next/no-img-element -- a signed same-origin link, not an optimisable asset
              <img
                src={f.thumbnail}
                alt=""
                loading="lazy"
                className="h-14 w-14 shrink-0 rounded object-cover"
                width={56}
                height={56}
              />
            ) : (
              <Icon name="document" className="h-8 w-8 shrink-0 text-slate-500" />
            )}
            <div className="min-w-0 text-sm">
              <a
                href={f.url}
                className="block truncate font-medium text-brand-700 underline"
                target="_blank"
                rel="noreferrer"
              >
                {f.name}
              </a>
              <p className="text-xs text-slate-600">
                {formatSize(f.size)} · <DateText date={f.addedAt} kind="us" />
              </p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
