import { techTimeList } from "@/lib/forms/tech-time/service";

/** GET /api/export/techtime?p=&e=&s=: the signed, short-lived CSV/XLSX link of the list call. */
export const GET = techTimeList.exportRoute();
