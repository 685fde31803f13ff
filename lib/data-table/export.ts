import { Readable } from "node:stream";
import { ZipArchive } from "archiver";
import { formatDay, localDay, PORTAL_TIME_ZONE, toWallMs } from "@/lib/dates/zone";
import { isoOf } from "@/lib/dates/civil";
import { logger } from "@/lib/log";

/**
 * CSV and XLSX of a list, written while they are sent: rows arrive in batches (keyset pages of the
 * query) and only the batch in hand is in memory. The consumer's pace drives the reading (a pull
 * stream), so a slow download never piles rows up on the server.
 *
 * Every export is made by `exportFile` here, and writes its dates and times in one zone, the portal's
 * (EXPORT_TIME_ZONE): a post acknowledged at 1:47 PM in California is 13:47 on that day in the file, whoever
 * downloads it and wherever the server runs. test/exports-local-time.test.ts holds every export to it.
 */

/** The zone of every export's dates and times, and of the day in its file name: the dealerships'. */
export const EXPORT_TIME_ZONE = PORTAL_TIME_ZONE;

export type ExportFormat = "csv" | "xlsx";

/** A calendar day, 'YYYY-MM-DD' (a form's date: no time, no zone). Make one with `exportDay`. */
export type ExportDay = { day: string };
/** A time of day, 'HH:MM'. Make one with `exportTime`. */
export type ExportTime = { time: string };
/**
 * A cell: text, a number, an instant (`Date`, shown as its day in EXPORT_TIME_ZONE), a calendar day or a
 * time of day. In XLSX numbers, instants, days and times are number cells (dates as Excel's serial days
 * with a date style; an instant keeps its local time of day as the fraction), so they sort and filter as
 * such; in CSV they are written in the old portal's display format (MM/DD/YYYY, HH:MM).
 */
export type ExportCell = string | number | Date | ExportDay | ExportTime | null | undefined;
/** An export as it is sent: the streamed body, its content type and its file name. */
export type ExportFile = { body: ReadableStream<Uint8Array>; type: string; name: string };
export type ExportColumn<T> = { header: string; value: (row: T) => ExportCell };

/**
 * Spreadsheet formula injection: a text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return would be read as a formula by Excel or LibreOffice; a leading apostrophe makes it plain text.
 */
export function neutralizeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * Dates in the old portal's display format: MM/DD/YYYY, in the given time zone. From the zone's
 * cached offsets (lib/dates/zone.ts), without a Date or an ICU object per cell: a million-row export
 * allocating one per cell grew by hundreds of MB outside the heap.
 */
export function formatExportDate(d: Date, timeZone: string = EXPORT_TIME_ZONE): string {
  const day = isoOf(toWallMs(timeZone, d.getTime())); // YYYY-MM-DD...
  return `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A day cell of 'YYYY-MM-DD' (null, an empty cell, for anything else). */
export function exportDay(iso: string | null | undefined): ExportDay | null {
  return iso && DAY.test(iso) ? { day: iso } : null;
}

/** A time cell of 'HH:MM' (null, an empty cell, for anything else). */
export function exportTime(hhmm: string | null | undefined): ExportTime | null {
  return hhmm && TIME.test(hhmm) ? { time: hhmm } : null;
}

function cellText(v: ExportCell, timeZone: string): string {
  if (v == null) return "";
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? "" : formatExportDate(v, timeZone);
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "";
  if (typeof v === "object") {
    if ("day" in v) return `${v.day.slice(5, 7)}/${v.day.slice(8, 10)}/${v.day.slice(0, 4)}`;
    return v.time;
  }
  return neutralizeFormula(v);
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

async function* csvChunks<T>(
  columns: ExportColumn<T>[],
  batches: AsyncIterable<T[]>,
  timeZone: string,
): AsyncGenerator<string> {
  // The BOM makes Excel read the file as UTF-8.
  yield `\uFEFF${columns.map((c) => csvField(neutralizeFormula(c.header))).join(",")}\r\n`;
  for await (const batch of batches) {
    let out = "";
    for (const row of batch) out += `${columns.map((c) => csvField(cellText(c.value(row), timeZone))).join(",")}\r\n`;
    yield out;
  }
}

/** A CSV (UTF-8 with BOM, CRLF, RFC 4180 quoting) of the batches. */
export function csvStream<T>(columns: ExportColumn<T>[], batches: AsyncIterable<T[]>): ReadableStream<Uint8Array> {
  return pullStream(csvChunks(columns, batches, EXPORT_TIME_ZONE));
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
function xml(text: string): string {
  // Characters XML 1.0 cannot carry at all (most C0 controls) are dropped.
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
    .replace(/[&<>"]/g, (c) => XML_ESCAPES[c]);
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

/** Excel's serial day of 1970-01-01 (its days count from 1899-12-30; the fraction is the time of day). */
const EXCEL_EPOCH_DAY = 25569;

/** Excel's serial day of a local date. */
function serialDay(y: number, m: number, d: number): number {
  return Date.UTC(y, m - 1, d) / 86_400_000 + EXCEL_EPOCH_DAY;
}

/** The sheet's cell styles (xl/styles.xml's cellXfs, in this order). */
const STYLE = { date: 1, time: 2, header: 3 } as const;

/** An XLSX cell: a number cell (dates and times with their style), else an inline string. */
function xlsxCell(ref: string, v: ExportCell, timeZone: string, style?: number): string {
  const s = style ? ` s="${style}"` : "";
  if (typeof v === "number") return Number.isFinite(v) ? `<c r="${ref}" t="n"${s}><v>${v}</v></c>` : "";
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return "";
    // The local date and time to the second (Excel's cells hold no milliseconds).
    const wallSeconds = Math.floor(toWallMs(timeZone, v.getTime()) / 1000);
    return `<c r="${ref}" t="n" s="${STYLE.date}"><v>${wallSeconds / 86_400 + EXCEL_EPOCH_DAY}</v></c>`;
  }
  if (v && typeof v === "object") {
    if ("day" in v) {
      const [, y, m, d] = DAY.exec(v.day)!.map(Number);
      return `<c r="${ref}" t="n" s="${STYLE.date}"><v>${serialDay(y, m, d)}</v></c>`;
    }
    const [, h, min] = TIME.exec(v.time)!.map(Number);
    return `<c r="${ref}" t="n" s="${STYLE.time}"><v>${(h * 60 + min) / 1440}</v></c>`;
  }
  // Inline strings are never evaluated as formulas; they are still neutralised so that a copy into
  // another sheet, or a re-save as CSV, stays harmless.
  return `<c r="${ref}" t="inlineStr"${s}><is><t xml:space="preserve">${xml(cellText(v, timeZone))}</t></is></c>`;
}

function xlsxRow(r: number, cells: ExportCell[], timeZone: string, style?: number): string {
  let out = `<row r="${r}">`;
  cells.forEach((v, i) => {
    if (v == null || v === "") return;
    out += xlsxCell(`${columnName(i)}${r}`, v, timeZone, style);
  });
  return `${out}</row>`;
}

async function* sheetChunks<T>(
  columns: ExportColumn<T>[],
  batches: AsyncIterable<T[]>,
  timeZone: string,
): AsyncGenerator<string> {
  // The header row is frozen, so it stays in view (and Excel's filter takes it as the header).
  yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>';
  let r = 1;
  yield xlsxRow(
    r++,
    columns.map((c) => c.header),
    timeZone,
    STYLE.header,
  );
  for await (const batch of batches) {
    let out = "";
    for (const row of batch)
      out += xlsxRow(
        r++,
        columns.map((c) => c.value(row)),
        timeZone,
      );
    yield out;
  }
  yield "</sheetData></worksheet>";
}

const XLSX_PARTS: Record<string, string> = {
  "[Content_Types].xml":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
  "_rels/.rels":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  "xl/_rels/workbook.xml.rels":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
  // The display formats (the old portal's limits and formats): dates MM/DD/YYYY, times HH:MM; a bold header row.
  "xl/styles.xml":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="2"><numFmt numFmtId="164" formatCode="mm/dd/yyyy"/><numFmt numFmtId="165" formatCode="hh:mm"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
};

/**
 * An XLSX workbook of one sheet (inline strings, no shared-string table, so nothing has to be
 * collected before the sheet is written), zipped by archiver while the rows stream in.
 */
export function xlsxStream<T>(
  columns: ExportColumn<T>[],
  batches: AsyncIterable<T[]>,
  opts: { sheetName?: string } = {},
): ReadableStream<Uint8Array> {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  archive.on("warning", (err) => logger.warn({ err }, "xlsx warning"));
  const sheetName = xml((opts.sheetName ?? "Sheet1").replace(/[\\/?*[\]:]/g, " ").slice(0, 31));
  for (const [name, text] of Object.entries(XLSX_PARTS)) archive.append(text, { name });
  archive.append(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    { name: "xl/workbook.xml" },
  );
  const sheet = Readable.from(sheetChunks(columns, batches, EXPORT_TIME_ZONE), { objectMode: false });
  sheet.on("error", (err) => archive.destroy(err));
  archive.append(sheet, { name: "xl/worksheets/sheet1.xml" });
  void archive.finalize().catch((err: unknown) => logger.error({ err }, "xlsx failed"));
  return pullStream(archive, () => {
    sheet.destroy();
    archive.abort();
  });
}

/**
 * An export as it is sent, the one way every export is made: the CSV or XLSX of the batches, named
 * `<name>-<YYYY-MM-DD>` after the portal's day of `now` (a file made at 5 PM in California is not dated tomorrow).
 */
export function exportFile<T>(input: {
  format: ExportFormat;
  columns: ExportColumn<T>[];
  batches: AsyncIterable<T[]>;
  name: string;
  sheetName: string;
  now?: number;
}): ExportFile {
  const stamp = formatDay(localDay(EXPORT_TIME_ZONE, input.now ?? Date.now()));
  if (input.format === "xlsx") {
    return {
      body: xlsxStream(input.columns, input.batches, { sheetName: input.sheetName }),
      type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      name: `${input.name}-${stamp}.xlsx`,
    };
  }
  return {
    body: csvStream(input.columns, input.batches),
    type: "text/csv; charset=utf-8",
    name: `${input.name}-${stamp}.csv`,
  };
}

/**
 * A web stream over chunks, one chunk read per pull: the consumer's pace drives the producer (so the
 * query), and at most a chunk waits ahead of the socket, with no Node stream in between.
 */
function pullStream(source: AsyncIterable<Uint8Array | string>, onCancel?: () => void): ReadableStream<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]();
  const enc = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(typeof value === "string" ? enc.encode(value) : value);
      },
      async cancel() {
        onCancel?.();
        await chunks.return?.();
      },
    },
    { highWaterMark: 1 },
  );
}
