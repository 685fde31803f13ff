import "server-only";
import { exportFile, type ExportColumn, type ExportFile, type ExportFormat } from "@/lib/data-table/export";
import { percent, type Board, type Reader, type ReadStatus } from "./queries";

/**
 * CSV and XLSX of the 'Readers' panel and of the compliance board (docs/features/must-read.md), through the shared
 * export streams (lib/data-table/export.ts) with the columns the screens show.
 */

const STATE_LABELS: Record<Reader["state"], string> = {
  acknowledged: "Acknowledged",
  seen: "Seen",
  "not-yet": "Not yet",
};

const READER_COLUMNS: ExportColumn<Reader>[] = [
  { header: "Location", value: (r) => r.locationName },
  { header: "Name", value: (r) => r.name },
  { header: "Status", value: (r) => STATE_LABELS[r.state] },
  { header: "Acknowledged at", value: (r) => r.acknowledgedAt },
  { header: "Last seen at", value: (r) => r.lastSeenAt },
];

type BoardLine = {
  title: string;
  publishedAt: Date;
  dueAt: Date | null;
  location: string;
  audience: number;
  acknowledged: number;
  percent: number | null;
  overdue: boolean;
};

const BOARD_COLUMNS: ExportColumn<BoardLine>[] = [
  { header: "Post", value: (r) => r.title },
  { header: "Published", value: (r) => r.publishedAt },
  { header: "Due", value: (r) => r.dueAt },
  { header: "Location", value: (r) => r.location },
  { header: "Audience", value: (r) => r.audience },
  { header: "Acknowledged", value: (r) => r.acknowledged },
  { header: "Acknowledged %", value: (r) => r.percent },
  { header: "Overdue", value: (r) => (r.overdue ? "Yes" : "No") },
];

async function* once<T>(rows: T[]): AsyncIterable<T[]> {
  yield rows;
}

function file<T>(format: ExportFormat, columns: ExportColumn<T>[], rows: T[], name: string, sheetName: string) {
  return exportFile({ format, columns, batches: once(rows), name, sheetName });
}

/** The readers of one post, a line per person. */
export function readStatusExport(status: ReadStatus, format: ExportFormat): ExportFile {
  return file(
    format,
    READER_COLUMNS,
    status.locations.flatMap((l) => l.readers),
    `readers-${status.post.id}`,
    "Readers",
  );
}

/** The board, a line per must-read and location with anyone in its audience. */
export function boardExport(board: Board, format: ExportFormat): ExportFile {
  const lines: BoardLine[] = board.rows.flatMap((r) =>
    board.locations.flatMap((l) => {
      const c = r.cells.get(l.id);
      if (!c) return [];
      const overdue = r.dueAt != null && r.dueAt.getTime() < Date.now() && c.acknowledged < c.audience;
      return [
        {
          title: r.title,
          publishedAt: r.publishedAt,
          dueAt: r.dueAt,
          location: l.name,
          audience: c.audience,
          acknowledged: c.acknowledged,
          percent: percent(c),
          overdue,
        },
      ];
    }),
  );
  return file(format, BOARD_COLUMNS, lines, "compliance", "Compliance");
}

/** The download answer of an export file. */
