import { withApi } from "@/lib/api/with-api";
import { listRoute } from "@/app/api/_lib/list-routes";
import { listCallBody } from "@/lib/data-table/list-body";
import { TIME_OFF_DEFAULT_SORT } from "@/lib/forms/time-off/columns";
import { timeOffList } from "@/lib/forms/time-off/queries";
import { toApiTimeOff } from "@/lib/forms/time-off/api";

const body = listCallBody({ defaultSort: TIME_OFF_DEFAULT_SORT });

/**
 * POST /api/v1/time-off-request/list: `page`, `perPage`, `filters`, `sort` ({ field, type }),
 * `is_export` and `ids` (export). Staff get their own requests, roles 1 and 2 everyone's.
 */
export const POST = withApi({}, { body }, listRoute(timeOffList, toApiTimeOff));
