/**
 * One round of the mail sender in a process of its own, against DATABASE_URL and TEST_SMTP_URL with a
 * lease of TEST_LEASE_MS, one send at a time: test/mail/lease.test.ts kills it mid-send (SIGKILL), as an
 * instance dies.
 */
import { deliverDue } from "@/lib/mail/sender";
import { createMailTransport } from "@/lib/mail/transport";

const transport = createMailTransport(process.env.TEST_SMTP_URL!);
await deliverDue({ transport, leaseMs: Number(process.env.TEST_LEASE_MS), concurrency: 1 });
transport.close();
process.exit(0);
