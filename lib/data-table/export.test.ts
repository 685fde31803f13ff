import { describe, expect, it } from "vitest";
import { csvStream, formatExportDate, neutralizeFormula, xlsxStream, type ExportColumn } from "./export";

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

  it("writes dates as MM/DD/YYYY in the given zone", () => {
    const d = new Date("2026-03-05T03:00:00Z");
    expect(formatExportDate(d)).toBe("03/05/2026");
    expect(formatExportDate(d, "America/Los_Angeles")).toBe("03/04/2026");
  });

  it("quotes CSV fields with commas, quotes and line breaks; numbers and dates as such", async () => {
    const cols: ExportColumn<{ a: string; n: number; d: Date | null }>[] = [
      { header: "A", value: (r) => r.a },
      { header: "N", value: (r) => r.n },
      { header: "D", value: (r) => r.d },
    ];
    const bytes = new Uint8Array(await new Response(csvStream(cols, batches([{ a: 'x, "y"\nz', n: -5, d: new Date("2026-01-02T12:00:00Z") }], [{ a: "=cmd", n: 0, d: null }]))).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM: Excel reads UTF-8
    expect(new TextDecoder().decode(bytes)).toBe('A,N,D\r\n"x, ""y""\nz",-5,01/02/2026\r\n\'=cmd,0,\r\n');
  });

  // The server's memory follows the download: a consumer that has read one chunk has made the query
  // run a few batches ahead at most (the zip's buffers for XLSX), not the whole list.
  it.each(["csv", "xlsx"] as const)("reads the batches at the consumer's pace (%s)", async (format) => {
    let produced = 0;
    async function* many() {
      for (let i = 0; i < 1000; i++) {
        produced++;
        yield Array.from({ length: 100 }, (_, j) => ({ a: `row ${i}-${j} ${crypto.randomUUID()} ${crypto.randomUUID()} ${crypto.randomUUID()}` }));
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
