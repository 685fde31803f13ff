import { withApi } from "@/lib/api/with-api";
import { roReversalList } from "@/lib/forms/ro-reversal/queries";
import { exportRoute } from "@/app/api/_lib/list-routes";

/** GET /api/export/roreversal?p=&e=&s= (signed-in; staff get their own rows): the signed, short-lived CSV/XLSX link of the list call. */
export const GET = withApi({}, {}, exportRoute(roReversalList));
