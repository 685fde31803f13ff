import "server-only";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { getDb, type Db } from "@/lib/db";
import { assertTableState, queryPage, specOf, type Page, type TableQuerySpec } from "@/lib/data-table/query";
import { keysetBatches } from "@/lib/data-table/keyset";
import { exportFile as makeExportFile, type ExportColumn, type ExportFile } from "@/lib/data-table/export";
import { lastPage, parseTableState, tableHref, type TableState } from "@/lib/data-table/state";
import { downloadTtlSeconds } from "@/lib/files/links";
import { signQuery, verifySignedQuery } from "@/lib/storage/signing";
import { AppError } from "@/lib/errors";
import { writeAudit } from "@/lib/system/audit";
import type { SessionUser } from "@/lib/auth/session";
import { listExportPayload, type ListExportPayload } from "./list-body";

/** A query builder after `.from(...)` and its joins (Drizzle's select types are too deep to name). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Selection = any;

export type ListDefinition<Row extends { id: number }, ExportRow extends Row = Row> = {
  /** Names the export link's signature ('ro-reversals') and the audit entity. */
  kind: string;
  /** The list's table and its id column (the keyset tiebreak). */
  table: PgTable;
  id: PgColumn;
  /** The allow-list of sorts and filters (lib/data-table/query.ts); filters only on `table`. */
  query: TableQuerySpec;
  /** The row's columns (Drizzle fields, over the joins `from` makes). */
  columns: Record<string, unknown>;
  /** `db.select(cols).from(table)` plus the joins the columns need. */
  from: (db: Db, cols: Record<string, unknown>) => Selection;
  /** Sorts on a joined column: the page's ids then need the joins too. */
  joinedSorts?: readonly string[];
  /** Rows a user may see and delete beyond their role: e.g. staff see their own submissions only. */
  scope?: (user: SessionUser) => SQL | undefined;
  /** A page of its own instead of the generic one (the uniform list's, built for a million rows). */
  page?: (state: TableState, user: SessionUser) => Promise<Page<Row>>;
  /**
   * The export: its columns (every submitted field, not only the list's) and `select`, columns the
   * export reads beyond the list's row (long texts, a form's repeated rows), so the list page does not
   * carry them.
   */
  export: {
    path: string;
    columns: ExportColumn<ExportRow>[];
    sheetName: string;
    filePrefix: string;
    select?: Record<string, unknown>;
  };
};

/**
 * The generic server half of a list on the data table (the user list and the staff forms' lists): one
 * page with its total in one statement (a deferred join when the sort needs none), CSV/XLSX exports of
 * the whole list, of a filtered state or of a selection, streamed from keyset batches behind a short-
 * lived signed link, and the bulk delete with one audit row per record.
 */
export function defineList<Row extends { id: number }, ExportRow extends Row = Row>(
  def: ListDefinition<Row, ExportRow>,
) {
  const TABLE = specOf(def.query);
  const joinedSorts = new Set(def.joinedSorts ?? []);
  const scoped = (user: SessionUser): TableQuerySpec => {
    const extra = def.scope?.(user);
    return extra ? { ...def.query, base: def.query.base ? and(def.query.base, extra) : extra } : def.query;
  };

  async function list(state: TableState, user: SessionUser): Promise<Page<Row>> {
    if (def.page) return def.page(state, user);
    const db = await getDb();
    const q = scoped(user);
    const page = await queryPage<Row & { total: number }>(
      db,
      q,
      def.table,
      state,
      ({ where, orderBy, limit, offset, total }) => {
        const ids = joinedSorts.has(state.sort.id)
          ? def.from(db, { id: def.id })
          : db.select({ id: def.id }).from(def.table);
        const ofPage = ids
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset)
          .as("page");
        return def
          .from(db, { ...def.columns, total })
          .innerJoin(ofPage, eq(ofPage.id, def.id))
          .orderBy(...orderBy) as Promise<(Row & { total: number })[]>;
      },
    );
    return page as unknown as Page<Row>;
  }

  /** The rows of an export in the list's order, as keyset batches (lib/data-table/keyset.ts). */
  async function* exportBatches(input: {
    filters: Record<string, string>;
    sort: TableState["sort"];
    ids?: number[];
    user: SessionUser;
  }): AsyncGenerator<ExportRow[]> {
    const db = await getDb();
    yield* keysetBatches<ExportRow>({
      query: scoped(input.user),
      filters: input.filters,
      sort: input.sort,
      ids: input.ids,
      select: (keys) => def.from(db, { ...def.columns, ...def.export.select, ...keys }),
    });
  }

  /** A short-lived link to the export of a list state (or a selection) for one user. */
  function signExport(input: Omit<ListExportPayload, "u"> & { userId: number }, baseUrl: string): string {
    assertTableState(def.query, { page: 1, size: 25, sort: input.o, filters: input.q });
    const payload: ListExportPayload = {
      u: input.userId,
      f: input.f,
      q: input.q,
      o: input.o,
      ...(input.i ? { i: input.i } : {}),
    };
    return `${baseUrl}${def.export.path}?${signQuery(`${def.kind}-export`, payload, downloadTtlSeconds())}`;
  }

  function verifyExport(
    q: URLSearchParams,
  ): { status: "ok"; payload: ListExportPayload } | { status: "expired" | "invalid" } {
    const { status, payload } = verifySignedQuery(`${def.kind}-export`, q);
    if (status !== "ok") return { status };
    const parsed = listExportPayload.safeParse(payload);
    return parsed.success ? { status, payload: parsed.data } : { status: "invalid" };
  }

  /** The file of an export link: the shared export's (lib/data-table/export.ts exportFile, the portal's time zone). */
  function exportFile(payload: ListExportPayload, user: SessionUser): ExportFile {
    const { columns, sheetName, filePrefix } = def.export;
    const batches = exportBatches({ filters: payload.q, sort: payload.o, ids: payload.i, user });
    return makeExportFile({ format: payload.f, columns, batches, name: filePrefix, sheetName });
  }

  /**
   * Deletes records (one transaction, one audit row each). Ids the user may not see or that do not
   * exist are skipped; none left is a 404.
   */
  async function remove(input: {
    ids: number[];
    user: SessionUser;
    requestId?: string | null;
  }): Promise<{ deleted: number[] }> {
    const ids = [...new Set(input.ids)];
    const db = await getDb();
    const extra = def.scope?.(input.user);
    return db.transaction(async (tx) => {
      const rows = (await tx
        .delete(def.table)
        .where(and(inArray(def.id, ids), extra))
        .returning({ id: def.id })) as { id: number }[];
      if (rows.length === 0) throw new AppError(404, "No such record.");
      for (const r of rows)
        await writeAudit(
          { actorId: input.user.id, action: "delete", entity: def.kind, entityId: r.id, requestId: input.requestId },
          tx,
        );
      return { deleted: rows.map((r) => r.id) };
    });
  }

  /** The list call's common part: a page of rows, or (with an export flag) the download link. */
  async function answer(input: {
    state: TableState;
    exportAs: "csv" | "xlsx" | null;
    ids?: number[];
    user: SessionUser;
    baseUrl: string;
  }) {
    assertTableState(def.query, input.state);
    if (input.exportAs) {
      return {
        export: true as const,
        web: signExport(
          { userId: input.user.id, f: input.exportAs, q: input.state.filters, o: input.state.sort, i: input.ids },
          input.baseUrl,
        ),
      };
    }
    return { export: false as const, page: await list(input.state, input.user) };
  }

  return {
    TABLE,
    definition: def,
    list,
    exportBatches,
    signExport,
    verifyExport,
    exportFile,
    remove,
    answer,
  };
}

export type DefinedList<Row extends { id: number }, ExportRow extends Row = Row> = ReturnType<
  typeof defineList<Row, ExportRow>
>;

/** Any list, whatever its rows (the generic routes, the staff-form registry). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyList = DefinedList<any, any>;

/**
 * A list page's data: the URL's table state and that page of rows for `user`, or where to send the
 * reader instead (an invalid state to its canonical URL, a page past the end to the last page).
 */
export async function readListPage<Row extends { id: number }>(
  list: Pick<DefinedList<Row>, "TABLE" | "list">,
  path: string,
  searchParams: Record<string, string | string[] | undefined>,
  user: SessionUser,
): Promise<{ redirectTo: string } | { state: TableState; rows: Row[]; total: number }> {
  const { state, changed } = parseTableState(searchParams, list.TABLE);
  if (changed) return { redirectTo: tableHref(path, state, list.TABLE) };
  const page = await list.list(state, user);
  const last = lastPage(page.total, state.size);
  if (state.page > last) return { redirectTo: tableHref(path, state, list.TABLE, { page: last }) };
  return { state, rows: page.rows, total: page.total };
}
