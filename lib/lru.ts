/**
 * Stores `value` under `key` as the most recently used entry of `map` (a Map iterates in insertion
 * order, so the first key is the least recently used) and drops the least recently used entries
 * beyond `max`. The one way the project's in-memory caches stay bounded.
 */
export function setRecent<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value!);
}
