import { withApi } from "@/lib/api/with-api";
import { timeOffList } from "@/lib/forms/time-off/queries";
import { exportRoute } from "@/app/api/_lib/list-routes";

/** GET /api/export/timeoff?p=&e=&s= (signed-in; staff get their own rows): the signed, short-lived CSV/XLSX link of the list call. */
export const GET = withApi({}, {}, exportRoute(timeOffList));
