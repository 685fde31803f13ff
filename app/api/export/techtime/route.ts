import { withApi } from "@/lib/api/with-api";
import { exportRoute } from "@/app/api/_lib/list-routes";
import { techTimeList } from "@/lib/forms/tech-time/service";

/** GET /api/export/techtime?p=&e=&s= (signed-in; staff get their own rows): the signed, short-lived CSV/XLSX link of the list call. */
export const GET = withApi({}, {}, exportRoute(techTimeList));
