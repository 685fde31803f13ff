import { initialsOf } from "@/lib/content/constants";

export function Avatar({ name, className = "h-10 w-10 text-sm" }: { name: string; className?: string }) {
  return (
    <span aria-hidden="true" className={`avatar ${className}`}>
      {initialsOf(name || "?")}
    </span>
  );
}
