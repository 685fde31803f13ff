// The text of one PDF, read in a worker thread (lib/search/extract.ts readPdf starts it with resource
// limits): pdf.js's parse of a large document lives and dies with this thread's heap, so it cannot
// grow the server's, and a document that needs more than the limit ends this thread, not the server.
// Plain JavaScript: the thread loads this file from disk, outside the server's bundle.
//
// workerData: { bytes: Uint8Array (transferred), max: number }. Posts { text } when done.
import { parentPort, workerData } from "node:worker_threads";
import { getDocumentProxy } from "unpdf";

const { bytes, max } = workerData;
const parts = [];
let length = 0;
const add = (s) => {
  if (length >= max || !s) return;
  const piece = s.length > max - length ? s.slice(0, max - length) : s;
  parts.push(piece);
  length += piece.length;
};

const pdf = await getDocumentProxy(bytes, { useSystemFonts: false, disableFontFace: true, verbosity: 0 });
try {
  for (let n = 1; n <= pdf.numPages && length < max; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    for (const item of content.items) {
      if ("str" in item) add(item.hasEOL ? `${item.str}\n` : `${item.str} `);
    }
    add("\n");
    page.cleanup();
    // The document keeps what it parsed (fonts, resources) until told: release it every few pages.
    if (n % 5 === 0) await pdf.cleanup();
  }
} finally {
  await pdf.loadingTask.destroy();
}
parentPort.postMessage({ text: parts.join("") });
