import { describe, expect, it } from "vitest";
import {
  csvStream,
  exportDay,
  exportFile,
  exportTime,
  formatExportDate,
  neutralizeFormula,
  xlsxStream,
  type ExportCell,
  type ExportColumn,
} from "./export";
import { parseCsv, readXlsx, serialOf } from "@/test/export-files";

async function* batches<T>(...lists: T[][]) {
  for (const l of lists) yield l;
}

describe("exports", () => {
  it.each(["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])("neutralises a cell starting %j", (text) => {
    expect(neutralizeFormula(text)).toBe(`'${text}`);
  });

  it("leaves other text alone", () => {
    for (const text of ["Alice", "a=b", " =1", "1-2", ""]) expect(neutralizeFormula(text)).toBe(text);
  });

  it("writes dates as MM/DD/YYYY in the portal's zone unless told another", () => {
    const d = new Date("2026-03-05T03:00:00Z");
    expect(formatExportDate(d)).toBe("03/04/2026");
    expect(formatExportDate(d, "UTC")).toBe("03/05/2026");
  });

  // The file's name carries the portal's day: at 5:30 PM in California it is already tomorrow in UTC.
  it.each([
    ["csv", "2026-12-02T01:30:00Z", "board-2026-12-01.csv"],
    ["xlsx", "2026-12-02T01:30:00Z", "board-2026-12-01.xlsx"],
    ["csv", "2026-12-02T08:30:00Z", "board-2026-12-02.csv"],
  ] as const)("names a %s made at %s after the portal's day", (format, at, name) => {
    const f = exportFile({
      format,
      columns: [{ header: "A", value: (r: { a: string }) => r.a }],
      batches: batches([{ a: "x" }]),
      name: "board",
      sheetName: "Board",
      now: Date.parse(at),
    });
    expect(f.name).toBe(name);
    void f.body.cancel();
  });

  it("quotes CSV fields with commas, quotes and line breaks; numbers and dates as such", async () => {
    const cols: ExportColumn<{ a: string; n: number; d: Date | null }>[] = [
      { header: "A", value: (r) => r.a },
      { header: "N", value: (r) => r.n },
      { header: "D", value: (r) => r.d },
    ];
    const bytes = new Uint8Array(
      await new Response(
        csvStream(
          cols,
          batches([{ a: 'x, "y"\nz', n: -5, d: new Date("2026-01-02T12:00:00Z") }], [{ a: "=cmd", n: 0, d: null }]),
        ),
      ).arrayBuffer(),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM: Excel reads UTF-8
    expect(new TextDecoder().decode(bytes)).toBe('A,N,D\r\n"x, ""y""\nz",-5,01/02/2026\r\n\'=cmd,0,\r\n');
  });

  type Typed = { text: string; n: number | null; day: string; time: string; at: Date };
  const typedColumns: ExportColumn<Typed>[] = [
    { header: "Text", value: (r) => r.text },
    { header: "Number", value: (r) => r.n },
    { header: "Day", value: (r) => exportDay(r.day) },
    { header: "Time", value: (r) => exportTime(r.time) },
    { header: "At", value: (r) => r.at },
  ];
  const typedRows: Typed[] = [
    { text: "=1+1", n: 12, day: "2026-03-05", time: "07:30", at: new Date("2026-03-05T03:00:00Z") },
    { text: "Plain", n: null, day: "", time: "bad", at: new Date("2026-07-01T19:45:00Z") },
  ];

  it("writes days as MM/DD/YYYY and times as HH:MM in CSV; empty or malformed ones as empty cells", async () => {
    const text = await new Response(csvStream(typedColumns, batches(typedRows))).text();
    expect(parseCsv(text)).toEqual([
      ["Text", "Number", "Day", "Time", "At"],
      ["'=1+1", "12", "03/05/2026", "07:30", "03/04/2026"],
      ["Plain", "", "", "", "07/01/2026"],
    ]);
  });

  // Excel sorts and filters number and date cells by value; text that looks like a date it does not.
  it("writes numbers, days, times and instants as number cells with date and time styles in XLSX", async () => {
    const bytes = new Uint8Array(await new Response(xlsxStream(typedColumns, batches(typedRows))).arrayBuffer());
    const x = readXlsx(bytes);
    expect(x.files).toContain("xl/styles.xml");
    expect(x.part("[Content_Types].xml")).toContain('PartName="/xl/styles.xml"');
    expect(x.part("xl/_rels/workbook.xml.rels")).toContain('Target="styles.xml"');
    expect(x.headers).toEqual(["Text", "Number", "Day", "Time", "At"]);
    expect(x.cell("Text", 2)).toMatchObject({ type: "inlineStr", value: "'=1+1" });
    expect(x.cell("Number", 2)).toMatchObject({ type: "n", value: "12" });
    const day = x.cell("Day", 2)!;
    expect(day.type).toBe("n");
    expect(Number(day.value)).toBe(serialOf(2026, 3, 5));
    expect(x.formatOf(day.style)).toBe("mm/dd/yyyy");
    const time = x.cell("Time", 2)!;
    expect(time.type).toBe("n");
    expect(Number(time.value)).toBeCloseTo((7 * 60 + 30) / 1440, 10);
    expect(x.formatOf(time.style)).toBe("hh:mm");
    // An instant is its local date and time in the portal's zone: 03:00 UTC is 19:00 the day before in Los Angeles.
    const at = x.cell("At", 2)!;
    expect(Number(at.value)).toBeCloseTo(serialOf(2026, 3, 4, 19, 0), 8);
    expect(x.formatOf(at.style)).toBe("mm/dd/yyyy");
    expect(Number(x.cell("At", 3)!.value)).toBeCloseTo(serialOf(2026, 7, 1, 12, 45), 8); // daylight time, UTC-7
    for (const empty of ["Number", "Day", "Time"]) expect(x.cell(empty, 3)).toBeUndefined();
  });

  it("leaves out cells that are not numbers (NaN, Infinity, an invalid date)", async () => {
    const cols: ExportColumn<{ v: ExportCell }>[] = [{ header: "V", value: (r) => r.v }];
    const bytes = new Uint8Array(
      await new Response(
        xlsxStream(cols, batches([{ v: Number.NaN }, { v: Infinity }, { v: new Date("x") }])),
      ).arrayBuffer(),
    );
    const x = readXlsx(bytes);
    expect([2, 3, 4].map((r) => x.cell("V", r))).toEqual([undefined, undefined, undefined]);
  });

  // The server's memory follows the download: a consumer that has read one chunk has made the query
  // run a few batches ahead at most (the zip's buffers for XLSX), not the whole list.
  it.each(["csv", "xlsx"] as const)("reads the batches at the consumer's pace (%s)", async (format) => {
    let produced = 0;
    async function* many() {
      for (let i = 0; i < 1000; i++) {
        produced++;
        yield Array.from({ length: 100 }, (_, j) => ({
          a: `row ${i}-${j} ${crypto.randomUUID()} ${crypto.randomUUID()} ${crypto.randomUUID()}`,
        }));
      }
    }
    const cols: ExportColumn<{ a: string }>[] = [{ header: "A", value: (r) => r.a }];
    const stream = format === "csv" ? csvStream(cols, many()) : xlsxStream(cols, many());
    const reader = stream.getReader();
    await reader.read();
    // Wait until the producer stands still (its buffers are full), however busy the machine is.
    for (let seen = -1, i = 0; seen !== produced && i < 50; i++) {
      seen = produced;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(produced).toBeLessThan(format === "csv" ? 5 : 1000);
    await reader.cancel();
  });
});
