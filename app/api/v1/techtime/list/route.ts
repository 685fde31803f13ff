import { withApi } from "@/lib/api/with-api";
import { listRoute } from "@/app/api/_lib/list-routes";
import { listCallBody } from "@/lib/data-table/list-body";
import { TECH_DEFAULT_SORT } from "@/lib/forms/tech-time/columns";
import { techTimeList } from "@/lib/forms/tech-time/queries";
import { toApiTechTime } from "@/lib/forms/tech-time/api";

const body = listCallBody({
  defaultSort: TECH_DEFAULT_SORT,
  aliases: { empolyee_number: "employee_number", empolyee_name: "employee_name" },
});

/** POST /api/v1/techtime/list: the list body and answer of every staff-form list (staff: their own). */
export const POST = withApi({}, { body }, listRoute(techTimeList, toApiTechTime));
