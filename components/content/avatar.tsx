import { initialsOf } from "@/lib/content/constants";

export function Avatar({ name, className = "h-10 w-10 text-sm" }: { name: string; className?: string }) {
  return (
    <span aria-hidden="true" className={`inline-flex shrink-0 items-center justify-center rounded-full bg-brand-600 font-semibold text-white ${className}`}>
      {initialsOf(name || "?")}
    </span>
  );
}
