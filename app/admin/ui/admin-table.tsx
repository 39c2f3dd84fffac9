import { Table, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";

interface Props {
  /** The column headers, in order. */
  columns: readonly string[];
  /** Said to screen readers as the table's caption. */
  caption?: string;
  /** A phone scrolls the table sideways past this width rather than squeezing its columns. */
  minWidth?: number;
  /** A table inside a detail (bordered) rather than a screen's list (rows lit under the pointer). */
  bordered?: boolean;
  /** Its rows (`Table.Tr`). */
  children: ReactNode;
}

/** The back-office's tables: striped, a hidden caption, a header of column headers, the rows. */
export function AdminTable({ columns, caption, minWidth, bordered = false, children }: Props) {
  const table = (
    <Table striped {...(bordered ? { withTableBorder: true } : { highlightOnHover: true })}>
      {caption !== undefined && <VisuallyHidden component="caption">{caption}</VisuallyHidden>}
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column} scope="col">
              {column}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
  return minWidth === undefined ? (
    table
  ) : (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      {table}
    </Table.ScrollContainer>
  );
}
