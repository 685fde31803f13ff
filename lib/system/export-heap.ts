import v8 from "node:v8";
import vm from "node:vm";

/**
 * V8 lets the old generation grow to a multiple (up to 4x) of what was live after the last full collection
 * before it collects again. A million-row export's short-lived garbage, promoted while batches wait on the
 * database and the socket, then piles up to ~230 MB although no more than ~50 MB is ever live. While an
 * export streams, this process's heap may grow at most 20% past what is live (`--heap-growing-percent=20`,
 * read by V8 at each full collection); when the last export ends, V8's own factor is back.
 *
 * Only during exports: for pages the tight factor meant a full collection far more often, about a quarter
 * more CPU per page (docs/benchmarks.md).
 */
const TIGHT = "--heap-growing-percent=20";
const DEFAULT = "--heap-growing-percent=0"; // 0: V8 chooses

let streaming = 0;
let fullCollection: (() => void) | null = null;

/**
 * One full collection as the first export starts, so that the limit it grows to is set with the tight factor
 * at once (else the limit of the last collection before it, made with V8's own factor, holds until the next:
 * 162 MB of growth on a first million-row export instead of 5 to 7 MB on later ones). V8's `gc` function,
 * exposed for this only.
 */
function collectNow() {
  if (!fullCollection) {
    v8.setFlagsFromString("--expose-gc");
    fullCollection = vm.runInNewContext("gc") as () => void;
  }
  fullCollection();
}

function acquire(): () => void {
  if (streaming++ === 0) {
    v8.setFlagsFromString(TIGHT);
    collectNow();
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--streaming === 0) v8.setFlagsFromString(DEFAULT);
  };
}

/** How many export streams hold the tight factor now (for tests). */
export function exportsStreaming(): number {
  return streaming;
}

/**
 * The same bytes, with the tight heap factor held from the first read until the stream ends, fails or is
 * cancelled (a download the browser abandons).
 */
export function withTightHeap(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let release: (() => void) | null = null;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        release ??= acquire();
        try {
          const { done, value } = await reader.read();
          if (done) {
            release();
            controller.close();
          } else controller.enqueue(value);
        } catch (err) {
          release();
          throw err;
        }
      },
      async cancel(reason) {
        release?.();
        await reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
