import type { WorkspaceToolParams } from '@annie/contracts/workspace-tools';
import type { ToolContext } from '../google-apis.ts';
import { clip } from './clip.ts';

const ROWS_SHOWN = 200;
const COLUMNS_SHOWN = 26;
const CELL_MAX = 200;

/** google_sheets_read: the range's values, at most 200 rows of 26 cells, each cell clipped. */
export async function sheetsRead(
  { apis, call }: ToolContext,
  params: WorkspaceToolParams['google_sheets_read'],
) {
  const { data } = await apis.sheets.spreadsheets.values.get(
    { spreadsheetId: params.spreadsheet_id, range: params.range },
    call,
  );
  const rows = (data.values ?? []) as unknown[][];
  return {
    range: data.range ?? params.range,
    rows: rows
      .slice(0, ROWS_SHOWN)
      .map((row) => row.slice(0, COLUMNS_SHOWN).map((cell) => clip(String(cell ?? ''), CELL_MAX))),
    totalRows: rows.length,
    truncated: rows.length > ROWS_SHOWN || rows.some((row) => row.length > COLUMNS_SHOWN),
  };
}

/** google_sheets_write: values are entered as if typed (formulas and dates are interpreted). */
export async function sheetsWrite(
  { apis, call }: ToolContext,
  params: WorkspaceToolParams['google_sheets_write'],
) {
  const { data } = await apis.sheets.spreadsheets.values.update(
    {
      spreadsheetId: params.spreadsheet_id,
      range: params.range,
      valueInputOption: 'USER_ENTERED',
      requestBody: { values: params.values },
    },
    call,
  );
  return {
    updatedRange: data.updatedRange ?? params.range,
    updatedRows: data.updatedRows ?? 0,
    updatedCells: data.updatedCells ?? 0,
  };
}
