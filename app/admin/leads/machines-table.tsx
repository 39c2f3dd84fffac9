import { ActionIcon, Anchor, Badge, Group, Table, Text, VisuallyHidden } from "@mantine/core";
import { IconExternalLink, IconPencil } from "@tabler/icons-react";
import { Link } from "react-router";
import type { LeadItemView } from "../../../common/leads/lead-schemas.ts";
import { DELETED_MACHINE } from "./lead-labels.ts";
import { formatDay } from "../ui/date-format.ts";
import { AdminTable } from "../ui/admin-table.tsx";

/**
 * The machines of a request's quote list, in the visitor's order: model and category as they were
 * when it was sent, the wished days, the units and the operator. A machine still in the catalogue links to its
 * public page (in a new tab: the request stays open) and to its edit screen; a deleted one says so.
 */
export function MachinesTable({ items }: { items: readonly LeadItemView[] }) {
  return (
    // A phone scrolls the table sideways rather than squeezing seven columns into it.
    <AdminTable
      columns={["Utilaj", "Categorie", "Inceput", "Zile", "Sfarsit", "Unitati", "Cu operator"]}
      caption="Utilajele cerute, in ordinea clientului"
      minWidth={700}
      bordered
    >
      {items.map((item) => (
        <Table.Tr key={item.productId}>
          <Table.Th scope="row" fw="normal">
            <Machine item={item} />
          </Table.Th>
          <Table.Td>{item.category ?? "—"}</Table.Td>
          <Table.Td>
            {item.startDate ? <time dateTime={item.startDate}>{formatDay(item.startDate)}</time> : "nestabilit"}
          </Table.Td>
          <Table.Td>{item.days ?? "—"}</Table.Td>
          <Table.Td>{item.endDate ? <time dateTime={item.endDate}>{formatDay(item.endDate)}</time> : "—"}</Table.Td>
          <Table.Td>{item.units}</Table.Td>
          <Table.Td>{item.operator ? "Da" : "Nu"}</Table.Td>
        </Table.Tr>
      ))}
    </AdminTable>
  );
}

function Machine({ item }: { item: LeadItemView }) {
  if (!item.publicPath) {
    return (
      <Group gap="xs">
        <Text size="sm">{item.model}</Text>
        <Badge color="gray" variant="outline">
          {DELETED_MACHINE}
        </Badge>
      </Group>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <Anchor href={item.publicPath} target="_blank" rel="noopener" size="sm">
        {item.model}
        <IconExternalLink size={14} aria-hidden="true" style={{ marginInlineStart: 4, verticalAlign: "middle" }} />
        <VisuallyHidden> (pagina publica, se deschide intr-o fereastra noua)</VisuallyHidden>
      </Anchor>
      <ActionIcon
        component={Link}
        to={`/admin/main/products/edit/${item.productId}`}
        variant="subtle"
        aria-label={`Modificati utilajul ${item.model}`}
      >
        <IconPencil size={18} aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}
