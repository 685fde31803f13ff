import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

export type ReceivedPart = { headers: Record<string, string>; body: Buffer };
export type Received = {
  from: string;
  /** Envelope recipients (To, Cc and Bcc). */
  rcpt: string[];
  headers: Record<string, string>;
  text: string;
  /** The text/html alternative, when the mail has one. */
  html: string;
  attachments: { fileName: string | null; contentType: string; content: Buffer }[];
};

/** Header lines (unfolded, names lower case) and the body after the blank line. */
function splitHead(raw: Buffer): ReceivedPart {
  const at = raw.indexOf("\r\n\r\n");
  const head = raw
    .subarray(0, at < 0 ? raw.length : at)
    .toString("latin1")
    .replace(/\r\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body: at < 0 ? Buffer.alloc(0) : raw.subarray(at + 4) };
}

function decode(part: ReceivedPart): Buffer {
  const enc = (part.headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  if (enc === "base64") return Buffer.from(part.body.toString("latin1").replace(/\s+/g, ""), "base64");
  if (enc === "quoted-printable") {
    const s = part.body.toString("latin1").replace(/=\r\n/g, "");
    return Buffer.from(
      s.replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      "latin1",
    );
  }
  return part.body;
}

/** The parts of a (possibly multipart) message: enough MIME for what nodemailer writes. */
function leaves(part: ReceivedPart): ReceivedPart[] {
  const type = part.headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith("multipart/") || !boundary) return [part];
  const text = part.body.toString("latin1");
  const chunks = text.split(`--${boundary}`).slice(1, -1);
  return chunks.flatMap((c) => leaves(splitHead(Buffer.from(c.replace(/^\r\n/, "").replace(/\r\n$/, ""), "latin1"))));
}

export function parseMail(raw: Buffer, from: string, rcpt: string[]): Received {
  const top = splitHead(raw);
  const parts = leaves(top);
  const isAttachment = (p: ReceivedPart) => /attachment/i.test(p.headers["content-disposition"] ?? "");
  const textPart = parts.find(
    (p) => !isAttachment(p) && /^text\/plain/i.test(p.headers["content-type"] ?? "text/plain"),
  );
  const htmlPart = parts.find((p) => !isAttachment(p) && /^text\/html/i.test(p.headers["content-type"] ?? ""));
  return {
    from,
    rcpt,
    headers: top.headers,
    text: textPart ? decode(textPart).toString("utf8").replace(/\r\n/g, "\n") : "",
    html: htmlPart ? decode(htmlPart).toString("utf8") : "",
    attachments: parts.filter(isAttachment).map((p) => ({
      fileName: /filename="?([^";]+)"?/i.exec(p.headers["content-disposition"] ?? "")?.[1] ?? null,
      contentType: (p.headers["content-type"] ?? "").split(";")[0].trim(),
      content: decode(p),
    })),
  };
}

export type TestSmtp = {
  port: number;
  received: Received[];
  /** Stops listening and closes open connections at once (421), as a server going down does. */
  stop: () => Promise<void>;
  /** Listens again on the same port. */
  start: () => Promise<void>;
};

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 that keeps what it receives. With `auth`, it asks for
 * those credentials; `onRcptTo` may refuse recipients (e.g. a 550); `beforeAccept` runs once a message
 * has been received and kept, before the server answers 250 (a slow server, or one whose answer never
 * comes: the sender's mail is then in flight, it may arrive while the sender never learns so).
 */
export async function startTestSmtp(
  opts: {
    port?: number;
    auth?: { user: string; pass: string };
    onRcptTo?: SMTPServerOptions["onRcptTo"];
    beforeAccept?: (mail: Received) => Promise<void>;
  } = {},
): Promise<TestSmtp> {
  const received: Received[] = [];
  let server: SMTPServer | null = null;
  let port = opts.port ?? 0;
  const listen = async () => {
    server = new SMTPServer({
      disabledCommands: opts.auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
      authOptional: !opts.auth,
      allowInsecureAuth: true,
      logger: false,
      closeTimeout: 50,
      onAuth(auth, _session, callback) {
        if (auth.username === opts.auth?.user && auth.password === opts.auth?.pass)
          return callback(null, { user: auth.username });
        callback(new Error("Invalid username or password"));
      },
      onRcptTo: opts.onRcptTo,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const mail = parseMail(
            Buffer.concat(chunks),
            session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            session.envelope.rcptTo.map((r) => r.address),
          );
          received.push(mail);
          if (!opts.beforeAccept) return callback();
          opts.beforeAccept(mail).then(() => callback(), callback);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.on("error", reject);
      server!.listen(port, "127.0.0.1", () => resolve());
    });
    port = (server as unknown as { server: { address(): AddressInfo } }).server.address().port;
  };
  await listen();
  return {
    get port() {
      return port;
    },
    received,
    stop: () =>
      new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())).then(
        () => void (server = null),
      ),
    start: listen,
  };
}
