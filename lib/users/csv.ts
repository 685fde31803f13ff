/**
 * A streaming CSV reader (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes, CRLF or
 * LF, a leading byte-order mark). It yields one record at a time, so a large file is never held whole.
 * No server imports: pure, and unit-tested next to it.
 */
export async function* csvRecords(chunks: AsyncIterable<string | Uint8Array>): AsyncGenerator<string[]> {
  const decoder = new TextDecoder("utf-8");
  let field = "";
  let record: string[] = [];
  let quoted = false;
  let afterQuote = false;
  let started = false;
  let first = true;
  let pendingCr = false;
  const out: string[][] = [];
  const endRecord = () => {
    record.push(field);
    out.push(record);
    record = [];
    field = "";
    started = false;
    afterQuote = false;
  };
  const feed = (text: string) => {
    if (first) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      if (text) first = false;
    }
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (pendingCr) {
        pendingCr = false;
        if (c === "\n") continue;
      }
      if (quoted) {
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i++;
          } else {
            // The closing quote, or (at a chunk's end) the first of a doubled one: the next character says.
            quoted = false;
            afterQuote = true;
          }
        } else field += c;
        continue;
      }
      if (afterQuote && c === '"') {
        // The second half of a doubled quote split across chunks.
        field += '"';
        quoted = true;
        afterQuote = false;
        continue;
      }
      if (c === ",") {
        record.push(field);
        field = "";
        started = true;
        afterQuote = false;
      } else if (c === "\n" || c === "\r") {
        endRecord();
        if (c === "\r") pendingCr = true;
      } else if (c === '"' && field === "" && !afterQuote) {
        quoted = true;
        started = true;
      } else {
        field += c;
        started = true;
        afterQuote = false;
      }
    }
  };
  for await (const chunk of chunks) {
    feed(typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true }));
    yield* out.splice(0);
  }
  feed(decoder.decode());
  if (started || field !== "" || record.length) endRecord();
  yield* out.splice(0);
}
