import { withApi } from "@/lib/api/with-api";
import { formListBody } from "@/lib/forms/list-body";
import { TECH_DEFAULT_SORT } from "@/lib/forms/tech-time/columns";
import { techTimeList } from "@/lib/forms/tech-time/queries";
import { toApiTechTime } from "@/lib/forms/tech-time/api";

const body = formListBody({
  defaultSort: TECH_DEFAULT_SORT,
  aliases: { empolyee_number: "employee_number", empolyee_name: "employee_name" },
});

/** POST /api/v1/techtime/list: the list body and answer of every staff-form list (staff: their own). */
export const POST = withApi({}, { body }, techTimeList.listHandler(toApiTechTime));
