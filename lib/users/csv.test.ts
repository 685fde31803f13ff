import { describe, expect, it } from "vitest";
import { csvRecords } from "./csv";

async function read(chunks: string[]): Promise<string[][]> {
  const out: string[][] = [];
  async function* gen() {
    for (const c of chunks) yield new TextEncoder().encode(c);
  }
  for await (const r of csvRecords(gen())) out.push(r);
  return out;
}

/** Every way of cutting `text` into two chunks gives the same records. */
async function readAnySplit(text: string): Promise<string[][]> {
  const whole = await read([text]);
  for (let i = 1; i < text.length; i++)
    expect(await read([text.slice(0, i), text.slice(i)]), `split at ${i}`).toEqual(whole);
  return whole;
}

describe("csvRecords", () => {
  it("reads quoted fields, doubled quotes, commas and line breaks inside quotes, CRLF and a BOM", async () => {
    const text = '\uFEFFName,E-mail\r\n"Diaz, Dana","a""b@example.com"\r\n"two\nlines",x\nlast,\n';
    expect(await readAnySplit(text)).toEqual([
      ["Name", "E-mail"],
      ["Diaz, Dana", 'a"b@example.com'],
      ["two\nlines", "x"],
      ["last", ""],
    ]);
  });

  it("keeps a last record without a line break and empty quoted fields", async () => {
    expect(await readAnySplit('a,"",c\r\nd,e,f')).toEqual([
      ["a", "", "c"],
      ["d", "e", "f"],
    ]);
  });

  it("reads a multi-byte character split across chunks", async () => {
    const bytes = new TextEncoder().encode("José,Zoë\n");
    async function* gen() {
      yield bytes.slice(0, 4);
      yield bytes.slice(4);
    }
    const out: string[][] = [];
    for await (const r of csvRecords(gen())) out.push(r);
    expect(out).toEqual([["José", "Zoë"]]);
  });
});
