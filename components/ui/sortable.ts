"use client";

import {
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";

/**
 * The sensors of every dnd-kit list: mouse (after 5 px), touch (after a short press, so the page still
 * scrolls; `touchTolerance` px of movement allowed during it) and keyboard (Space, arrows, Space).
 */
export function useSortSensors(touchTolerance: number) {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: touchTolerance } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/**
 * What a screen reader hears while an item is moved: picked up, over a position, dropped, cancelled,
 * naming the item (`nameOf`) and its position of `count`. `over` is the verb for an item over a place
 * ('moved to', 'is at'); `away` is what it is no longer over ('a place', 'the list').
 */
export function sortAnnouncements({
  nameOf,
  positionOf,
  count,
  over: overWords,
  away,
}: {
  nameOf: (id: UniqueIdentifier) => string;
  positionOf: (id: UniqueIdentifier) => number;
  count: number;
  over: string;
  away: string;
}): Announcements {
  return {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)} of ${count}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} ${overWords} position ${positionOf(over.id)} of ${count}.`
        : `${nameOf(active.id)} is no longer over ${away}.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${count}.`
        : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
}
