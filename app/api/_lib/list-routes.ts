import type { z } from "zod";
import type { ApiContext } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { exportLinkResponse } from "./download";
import type { deleteRecordsBody } from "@/lib/data-table/list-body";
import type { AnyList, DefinedList } from "@/lib/data-table/list-definition";
import { publicBaseUrl } from "@/lib/files/links";
import type { TableState } from "@/lib/data-table/state";

/** What every list call body parses to (listCallBody and its variants). */
type ListCallBody = { state: TableState; exportAs: "csv" | "xlsx" | null; ids?: number[] };

/**
 * The v1 list call's handler (`POST .../list`, inside the route's own withApi, its access and its
 * body schema): a page as `content.row` / `content.totalRecords`, or with the export flag the message
 * 'success export' and the download link in `content.web`.
 */
export function listRoute<Row extends { id: number }>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  list: DefinedList<Row, any>,
  toApi: (row: Row) => unknown,
) {
  return async ({ user, body }: ApiContext<ListCallBody>): Promise<Response> => {
    const res = await list.answer({
      state: body.state,
      exportAs: body.exportAs,
      ids: body.ids,
      user,
      baseUrl: publicBaseUrl(),
    });
    if (res.export) return ok({ web: res.web }, "success export");
    return ok({
      row: res.page.rows.map(toApi),
      totalRecords: res.page.total,
      page: res.page.page,
      perPage: res.page.size,
    });
  };
}

/**
 * The v1 delete call's handler (`DELETE .../delete`, body `deleteRecordsBody`'s `deleteArr`, inside
 * the route's own withApi and its access); `removeRows` replaces the plain delete (e.g. with per-row rules).
 */
export function deleteRoute(list: AnyList, doneMessage: string, removeRows: AnyList["remove"] = list.remove) {
  return async ({ user, body, requestId }: ApiContext<z.infer<typeof deleteRecordsBody>>): Promise<Response> => {
    const { deleted } = await removeRows({ ids: body.deleteArr, user, requestId });
    return ok({ deleted }, doneMessage);
  };
}

/**
 * The export link's handler (GET `app/api/export/<list>/route.ts`, inside the route's own withApi
 * and its access): checks signature, expiry and owner, then streams the file.
 */
export function exportRoute(list: AnyList) {
  return async ({ req, user }: ApiContext): Promise<Response> =>
    exportLinkResponse(list.verifyExport(new URL(req.url).searchParams), user.id, (payload) =>
      list.exportFile(payload, user),
    );
}
