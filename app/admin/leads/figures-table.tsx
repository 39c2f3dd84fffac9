import { Anchor, Box, Table, Text, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { requestCount, type Figure } from "./overview-figures.ts";

interface FiguresTableProps<T extends Figure> {
  /** What the table counts; also the disclosure's name. */
  caption: string;
  /** The header of the column naming each figure. */
  nameHeader: string;
  figures: readonly T[];
  /** A column between the name and the count (a machine's category). */
  extra?: { header: string; cell: (figure: T) => ReactNode };
}

/**
 * A chart's figures as a table, behind a disclosure under the chart: what screen readers and the
 * keyboard use instead of the drawing, each count a link to the inbox filtered by it.
 */
export function FiguresTable<T extends Figure>({ caption, nameHeader, figures, extra }: FiguresTableProps<T>) {
  return (
    <Box component="details">
      <Text component="summary" size="sm" fw={500} style={{ cursor: "pointer" }}>
        Tabelul cifrelor: {caption.toLowerCase()}
      </Text>
      <Table striped withTableBorder mt="xs">
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{nameHeader}</Table.Th>
            {extra && <Table.Th scope="col">{extra.header}</Table.Th>}
            <Table.Th scope="col">Cereri</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {figures.map((figure) => (
            <Table.Tr key={figure.key}>
              <Table.Th scope="row" fw="normal">
                {figure.label}
              </Table.Th>
              {extra && <Table.Td>{extra.cell(figure)}</Table.Td>}
              <Table.Td>
                <Anchor component={Link} to={figure.href}>
                  {requestCount(figure.count)}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
