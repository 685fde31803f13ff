import { Readable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { chunkText, ExtractionError, extractText, textFormatOf } from "./extract";
import { docxWithText, pdfWithText, xlsxWithText } from "@/test/search/documents";

const stream = (b: Buffer | string, chunk = 7) =>
  Readable.from(
    (function* () {
      const buf = Buffer.from(b);
      for (let i = 0; i < buf.length; i += chunk) yield buf.subarray(i, i + chunk);
    })(),
  );

describe("extractText", () => {
  it("plain text, across chunk boundaries of multi-byte characters", async () => {
    expect(await extractText(stream("Grüße aus Köln\r\nLine two\u0000!"), "text")).toBe("Grüße aus Köln\nLine two !");
  });
  it("caps the text", async () => {
    expect(await extractText(stream("x".repeat(5000), 100), "text", 1000)).toHaveLength(1000);
  });
  it("PDF: every page's text", async () => {
    const text = await extractText(
      stream(pdfWithText(["Turbocharger inspection (every 20,000 miles)", "Second page: brake fluid"]), 4096),
      "pdf",
    );
    expect(text).toContain("Turbocharger inspection (every 20,000 miles)");
    expect(text).toContain("Second page: brake fluid");
  });
  it("PDF: read in a thread with a capped heap; a document that needs more fails for good, and this process goes on", async () => {
    vi.stubEnv("SEARCH_PDF_HEAP_MB", "1");
    try {
      const err = await extractText(stream(pdfWithText(["Tiny heap"]), 4096), "pdf").catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ExtractionError);
      expect((err as ExtractionError).permanent).toBe(true);
      expect((err as Error).message).toMatch(/memory/);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(await extractText(stream(pdfWithText(["After the failure"]), 4096), "pdf")).toContain("After the failure");
  });
  it("PDF: a file longer than its recorded size is read whole", async () => {
    const bytes = pdfWithText(["Size hint too small", "Second page"]);
    const text = await extractText(stream(bytes, 1000), "pdf", 1000, 100);
    expect(text).toContain("Second page");
  });
  it("DOCX: the runs, a line per paragraph, not field codes", async () => {
    const text = await extractText(
      stream(docxWithText(["Warranty claims & returns", "Second <paragraph>"]), 50),
      "docx",
    );
    expect(text).toBe("Warranty claims & returns\nSecond <paragraph>");
  });
  it("XLSX: shared and inline strings, not numbers", async () => {
    const text = await extractText(
      stream(xlsxWithText(["Parts inventory", "Brake pads"], ["Inline note"]), 64),
      "xlsx",
    );
    expect(text.split("\n")).toEqual(["Parts inventory", "Brake pads", "Inline note"]);
  });
  it("a broken file is an error, not a hang", async () => {
    await expect(extractText(stream(Buffer.from("not a zip at all, really not")), "docx")).resolves.toBeTypeOf(
      "string",
    );
    await expect(extractText(stream(Buffer.from("%PDF-1.4 garbage")), "pdf")).rejects.toThrow();
  });
});

describe("textFormatOf", () => {
  it("by type, else by extension for zips and unknown types", () => {
    expect(textFormatOf({ mime: "application/pdf", name: "a.bin" })).toBe("pdf");
    expect(textFormatOf({ mime: "application/zip", name: "Report.DOCX" })).toBe("docx");
    expect(textFormatOf({ mime: "application/octet-stream", name: "sheet.xlsx" })).toBe("xlsx");
    expect(textFormatOf({ mime: "text/plain", name: "notes.txt" })).toBe("text");
    expect(textFormatOf({ mime: "image/png", name: "x.pdf" })).toBeNull();
    expect(textFormatOf({ mime: "application/zip", name: "photos.zip" })).toBeNull();
  });
});

describe("chunkText", () => {
  it("passages of at most the size, cut at words", () => {
    const words = Array.from({ length: 1000 }, (_, i) => `word${i}`).join(" ");
    const chunks = chunkText(words, 200);
    expect(chunks.every((c) => c.length <= 200)).toBe(true);
    expect(chunks.join(" ")).toBe(words);
  });
});
