import { strFromU8, unzipSync } from "fflate";

/**
 * Readers for the exports in tests: a CSV parser (RFC 4180: quoted fields with commas, quotes and line
 * breaks) and an XLSX reader that gives each cell's type, style and value as the sheet stores them.
 */

/** The rows of a CSV (the BOM dropped), each a list of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const src = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && src[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  if (field !== "" || row.length) rows.push([...row, field]);
  return rows;
}

/** A CSV's rows as objects keyed by its header. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ""])));
}

export type XlsxCell = { ref: string; type: string; style: number; value: string };

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

/** The workbook's parts and its first sheet's cells by reference ('A1'), with the header row's texts. */
export function readXlsx(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  const part = (name: string) => (files[name] ? strFromU8(files[name]) : "");
  const sheet = part("xl/worksheets/sheet1.xml");
  const cells = new Map<string, XlsxCell>();
  for (const m of sheet.matchAll(/<c r="([A-Z]+\d+)"([^>]*)>([\s\S]*?)<\/c>/g)) {
    const attrs = m[2];
    const type = /t="(\w+)"/.exec(attrs)?.[1] ?? "n";
    const style = Number(/s="(\d+)"/.exec(attrs)?.[1] ?? 0);
    const inner = m[3];
    const value = unescape(/<v>(.*?)<\/v>/.exec(inner)?.[1] ?? /<t[^>]*>([\s\S]*?)<\/t>/.exec(inner)?.[1] ?? "");
    cells.set(m[1], { ref: m[1], type, style, value });
  }
  const headers: string[] = [];
  for (const [ref, c] of cells) if (/^[A-Z]+1$/.test(ref)) headers.push(c.value);
  /** The cell under `header` in sheet row `row` (2 is the first data row). */
  const cell = (header: string, row: number): XlsxCell | undefined => {
    const i = headers.indexOf(header);
    if (i < 0) throw new Error(`No column ${header}`);
    return cells.get(`${columnName(i)}${row}`);
  };
  /** The style index's number format code (xl/styles.xml), e.g. 'mm/dd/yyyy'. */
  const styles = part("xl/styles.xml");
  const formatOf = (style: number): string => {
    const xfs = [.../<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)![1].matchAll(/<xf [^>]*numFmtId="(\d+)"/g)].map(
      (x) => Number(x[1]),
    );
    const id = xfs[style];
    return new RegExp(`<numFmt numFmtId="${id}" formatCode="([^"]*)"`).exec(styles)?.[1] ?? `builtin ${id}`;
  };
  return { files: Object.keys(files), part, cells, headers, cell, formatOf };
}

function columnName(i: number): string {
  let n = i + 1;
  let s = "";
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** Excel's serial day of a UTC-based local date-time (what a date cell's value means). */
export const serialOf = (y: number, m: number, d: number, h = 0, min = 0) =>
  Date.UTC(y, m - 1, d, h, min) / 86_400_000 + 25569;
