import { NextResponse } from "next/server";

/** The v1 envelope: `{ code, status, message, content }` for success and error alike. */
export type Envelope<T> = { code: number; status: "success" | "error"; message: string; content: T };

export function ok<T>(content: T, message = "success", code = 200) {
  return NextResponse.json<Envelope<T>>({ code, status: "success", message, content }, { status: code });
}

export function fail(code: number, message: string, content: unknown = null, headers?: HeadersInit) {
  return NextResponse.json<Envelope<unknown>>({ code, status: "error", message, content }, { status: code, headers });
}

/** The v1 success envelope around content that is already JSON text. */
export function okJson(contentJson: string, message = "success") {
  return new NextResponse(
    `{"code":200,"status":"success","message":${JSON.stringify(message)},"content":${contentJson}}`,
    {
      status: 200,
      headers: { "content-type": "application/json" },
    },
  );
}
