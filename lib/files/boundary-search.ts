import type busboy from "busboy";

/**
 * busboy finds the multipart boundaries with `streamsearch` (a streaming Boyer-Moore-Horspool search
 * in JavaScript, v1.1). Over a 250 MB upload that loop is the largest single cost on the main thread.
 * `Buffer#indexOf` runs the same search natively in a third of the time or less. This swaps the
 * search of one parser's streamsearch instance for a port of streamsearch's own `push`/`feed` whose
 * inner loop over a chunk is `indexOf`: the same matches at the same positions, reported through the
 * same callback with the same arguments; the code for a needle that spans two chunks is unchanged.
 *
 * Only the given parser's instance is changed (never the shared class), and only when it has exactly
 * the fields this port relies on; otherwise busboy keeps its own search (correct, just slower).
 * lib/files/boundary-search.test.ts checks that the swap happens with the installed busboy and that
 * parsing gives the same bytes for bodies cut at every awkward place.
 */

type SearchCallback = (
  isMatch: boolean,
  data: Buffer | undefined,
  start: number,
  end: number,
  isDataSafe: boolean,
) => void;

type StreamSearch = {
  maxMatches: number;
  matches: number;
  _cb: SearchCallback;
  _lookbehind: Buffer;
  _lookbehindSize: number;
  _needle: Buffer;
  _bufPos: number;
  _occ: number[];
  push: (chunk: Buffer | string, pos?: number) => number;
};

function isStreamSearch(s: unknown): s is StreamSearch {
  const o = s as Partial<StreamSearch> | null;
  return (
    !!o &&
    typeof o.push === "function" &&
    typeof o._cb === "function" &&
    Buffer.isBuffer(o._needle) &&
    Buffer.isBuffer(o._lookbehind) &&
    Array.isArray(o._occ) &&
    o._occ.length === 256 &&
    typeof o._lookbehindSize === "number" &&
    typeof o._bufPos === "number" &&
    typeof o.matches === "number" &&
    typeof o.maxMatches === "number"
  );
}

/** Installs the indexOf search on a busboy multipart parser. Returns whether it did. */
export function installNativeBoundarySearch(parser: busboy.Busboy): boolean {
  const search = (parser as unknown as { _bparser?: unknown })._bparser;
  if (!isStreamSearch(search)) return false;
  search.push = function push(chunk: Buffer | string, pos?: number): number {
    if (!Buffer.isBuffer(chunk)) chunk = Buffer.from(chunk, "latin1");
    const chunkLen = chunk.length;
    this._bufPos = pos || 0;
    let result: number | undefined;
    while (result !== chunkLen && this.matches < this.maxMatches) result = feed(this, chunk);
    return result!;
  };
  return true;
}

/** streamsearch 1.1's `feed`, with the main Boyer-Moore-Horspool loop replaced by Buffer#indexOf. */
function feed(self: StreamSearch, data: Buffer): number {
  const len = data.length;
  const needle = self._needle;
  const needleLen = needle.length;
  let pos = -self._lookbehindSize;
  const lastNeedleCharPos = needleLen - 1;
  const lastNeedleChar = needle[lastNeedleCharPos];
  const end = len - needleLen;
  const occ = self._occ;
  const lookbehind = self._lookbehind;

  if (pos < 0) {
    // The lookbehind holds the end of the previous chunk: search across both (unchanged).
    while (pos < 0 && pos <= end) {
      const nextPos = pos + lastNeedleCharPos;
      const ch = nextPos < 0 ? lookbehind[self._lookbehindSize + nextPos] : data[nextPos];
      if (ch === lastNeedleChar && matchNeedle(self, data, pos, lastNeedleCharPos)) {
        self._lookbehindSize = 0;
        ++self.matches;
        if (pos > -self._lookbehindSize) self._cb(true, lookbehind, 0, self._lookbehindSize + pos, false);
        else self._cb(true, undefined, 0, 0, true);
        return (self._bufPos = pos + needleLen);
      }
      pos += occ[ch];
    }
    while (pos < 0 && !matchNeedle(self, data, pos, len - pos)) ++pos;
    if (pos < 0) {
      const bytesToCutOff = self._lookbehindSize + pos;
      if (bytesToCutOff > 0) self._cb(false, lookbehind, 0, bytesToCutOff, false);
      self._lookbehindSize -= bytesToCutOff;
      lookbehind.copy(lookbehind, 0, bytesToCutOff, self._lookbehindSize);
      lookbehind.set(data, self._lookbehindSize);
      self._lookbehindSize += len;
      self._bufPos = len;
      return len;
    }
    self._cb(false, lookbehind, 0, self._lookbehindSize, false);
    self._lookbehindSize = 0;
  }

  pos += self._bufPos;
  const firstNeedleChar = needle[0];

  // The whole needle within this chunk: native search.
  if (pos <= end) {
    const at = data.indexOf(needle, pos);
    if (at !== -1) {
      ++self.matches;
      if (at > 0) self._cb(true, data, self._bufPos, at, true);
      else self._cb(true, undefined, 0, 0, true);
      return (self._bufPos = at + needleLen);
    }
    pos = end + 1;
  }

  // The chunk may end with the start of the needle: keep that part in the lookbehind (unchanged).
  while (pos < len) {
    if (data[pos] !== firstNeedleChar || !memcmp(data, pos, needle, 0, len - pos)) {
      ++pos;
      continue;
    }
    data.copy(lookbehind, 0, pos, len);
    self._lookbehindSize = len - pos;
    break;
  }
  if (pos > 0) self._cb(false, data, self._bufPos, pos < len ? pos : len, true);
  self._bufPos = len;
  return len;
}

function memcmp(buf1: Buffer, pos1: number, buf2: Buffer, pos2: number, num: number): boolean {
  for (let i = 0; i < num; ++i) if (buf1[pos1 + i] !== buf2[pos2 + i]) return false;
  return true;
}

function matchNeedle(self: StreamSearch, data: Buffer, pos: number, len: number): boolean {
  const lb = self._lookbehind;
  const lbSize = self._lookbehindSize;
  const needle = self._needle;
  for (let i = 0; i < len; ++i, ++pos) {
    const ch = pos < 0 ? lb[lbSize + pos] : data[pos];
    if (ch !== needle[i]) return false;
  }
  return true;
}
