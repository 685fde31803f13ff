"use client";

import { useId } from "react";
import { DndContext, closestCenter, type DragEndEvent, type UniqueIdentifier } from "@dnd-kit/core";
import { SortableContext, arrayMove, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Icon } from "@/components/ui/icon";
import { sortAnnouncements, useSortSensors } from "@/components/ui/sortable";

type Item = { id: number; title: string };

type Props<T extends Item> = {
  items: T[];
  /** The list's accessible name ('Main menus', 'Sub menus of News'). */
  label: string;
  /** The new order of every id (the whole level: what change_menu_position takes). */
  onReorder: (ids: number[]) => void;
  disabled?: boolean;
  /** One row; `handle` is the drag handle to place in it. */
  renderItem: (item: T, handle: React.ReactNode) => React.ReactNode;
};

/**
 * A vertical list reordered by dragging its handles: mouse, touch (after a short press, so the page
 * still scrolls) and keyboard (focus a handle, Space to pick up, arrow keys to move, Space to drop,
 * Escape to cancel), with screen reader announcements naming the menu and its position.
 */
export function SortableList<T extends Item>({ items, label, onReorder, disabled, renderItem }: Props<T>) {
  const id = useId();
  const sensors = useSortSensors(6);
  const ids = items.map((i) => i.id);
  const titleOf = (uid: UniqueIdentifier | undefined) => items.find((i) => i.id === Number(uid))?.title ?? "";
  const positionOf = (uid: UniqueIdentifier | undefined) => ids.indexOf(Number(uid)) + 1;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };

  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            "To move this menu, press Space. Use the up and down arrow keys to move it, Space again to drop it, or Escape to cancel.",
        },
        announcements: sortAnnouncements({
          nameOf: titleOf,
          positionOf,
          count: ids.length,
          over: "is at",
          away: "the list",
        }),
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ul aria-label={label} className="space-y-2">
          {items.map((item) => (
            <SortableRow key={item.id} id={item.id} title={item.title} disabled={disabled}>
              {(handle) => renderItem(item, handle)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  id,
  title,
  disabled,
  children,
}: {
  id: number;
  title: string;
  disabled?: boolean;
  children: (handle: React.ReactNode) => React.ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
  });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Move ${title}`}
      className="flex h-9 w-7 shrink-0 cursor-grab touch-none items-center justify-center rounded text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 active:cursor-grabbing disabled:cursor-default disabled:opacity-40"
      disabled={disabled}
    >
      <Icon name="grip" className="h-4 w-4" />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`rounded-md border bg-white ${isDragging ? "relative z-10 border-brand-500 shadow-lg" : "border-slate-200"}`}
    >
      {children(handle)}
    </li>
  );
}
