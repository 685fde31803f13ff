import { withApi } from "@/lib/api/with-api";
import { listRoute } from "@/app/api/_lib/list-routes";
import { listCallBody } from "@/lib/data-table/list-body";
import { RO_DEFAULT_SORT } from "@/lib/forms/ro-reversal/columns";
import { roReversalList } from "@/lib/forms/ro-reversal/queries";
import { toApiRoReversal } from "@/lib/forms/ro-reversal/api";

const body = listCallBody({
  defaultSort: RO_DEFAULT_SORT,
  aliases: {
    empolyee_name: "employee_name",
    date_ra_was_originally_closed: "date_ra",
    howMuchTimeBilled: "billed_time",
  },
});

/**
 * POST /api/v1/ro-reversal-request/list: `page`, `perPage`, `filters`, `sort` ({ field, type }),
 * `is_export` and `ids` (export). Staff get their own requests, roles 1 and 2 everyone's.
 */
export const POST = withApi({}, { body }, listRoute(roReversalList, toApiRoReversal));
