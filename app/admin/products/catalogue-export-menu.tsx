import { Button, Menu } from "@mantine/core";
import { IconChevronDown, IconDownload } from "@tabler/icons-react";
import type { CatalogueExportFormat } from "../../../common/catalogue/catalogue-export.ts";
import type { CategoryView } from "../../../common/catalogue/catalogue-views.ts";
import { api } from "../api/api-client.ts";
import { useApiAction } from "../api/use-api-action.ts";
import { saveFile } from "../ui/download-file.ts";

interface CatalogueExportMenuProps {
  /** The category the list's filter shows, or undefined for the whole catalogue. */
  category: CategoryView | undefined;
}

const FORMATS: readonly { format: CatalogueExportFormat; label: string; fallbackName: string }[] = [
  { format: "xlsx", label: "Foaie de calcul (XLSX)", fallbackName: "catalog.xlsx" },
  { format: "csv", label: "CSV", fallbackName: "catalog.csv" },
  { format: "zip", label: "ZIP cu foaia de calcul si pozele", fallbackName: "catalog.zip" },
];

/**
 * 'Exportati': the catalogue, or the category chosen in the list's filter, as a workbook, as CSV, or as
 * a ZIP of the workbook and the pictures (decision 076). The whole catalogue's CSV comes as a ZIP of one
 * CSV per category.
 */
export function CatalogueExportMenu({ category }: CatalogueExportMenuProps) {
  const { run, pending } = useApiAction();
  const what = category ? `categoria ${category.name}` : "tot catalogul";
  const download = (format: CatalogueExportFormat, fallbackName: string) =>
    run(async () => {
      const query = new URLSearchParams({ format, ...(category ? { category: category.uuid } : {}) });
      const { blob, fileName } = await api.download(`/api/catalogue/export?${query.toString()}`);
      saveFile(blob, fileName ?? fallbackName);
    });
  return (
    // Without the focus placeholder: a presentation child of role=menu (axe's aria-required-children).
    <Menu position="bottom-end" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="default"
          loading={pending}
          leftSection={<IconDownload size={18} aria-hidden="true" />}
          rightSection={<IconChevronDown size={16} aria-hidden="true" />}
        >
          Exportati
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {FORMATS.map(({ format, label, fallbackName }) => (
          <Menu.Item key={format} onClick={() => void download(format, fallbackName)}>
            {label}, {what}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
