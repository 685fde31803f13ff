import { roReversalList } from "@/lib/forms/ro-reversal/service";

/** GET /api/export/roreversal?p=&e=&s=: the signed, short-lived CSV/XLSX link of the list call. */
export const GET = roReversalList.exportRoute();
