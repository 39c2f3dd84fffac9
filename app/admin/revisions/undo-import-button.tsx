import { Button } from "@mantine/core";
import type { ImportUndone } from "../../../common/revisions/revision-schemas.ts";
import { api } from "../api/api-client.ts";
import { useApiAction } from "../api/use-api-action.ts";
import { confirm } from "../ui/confirm.ts";
import { toast } from "../ui/toasts.ts";

/**
 * 'Anulati importul' on the Jurnal's entry of a spreadsheet import (decision 078): asks, then puts
 * every machine the import changed back as it was before it, in one step. A machine saved since
 * refuses it, with the reason in the error's toast.
 */
export function UndoImportButton({ importId, onUndone }: { importId: string; onUndone: () => Promise<void> | void }) {
  const { run, pending } = useApiAction();
  const undo = async () => {
    const asked = await confirm({
      title: "Anulare import",
      message:
        "Anulati importul? Fiecare utilaj modificat de el revine la versiunea de dinainte; anularea se salveaza ca versiune noua.",
    });
    if (!asked) return;
    await run(async () => {
      const { restored, removed } = await api.post<ImportUndone>(`/api/revisions/imports/${importId}/undo`, {});
      toast.success(
        `Importul a fost anulat: ${restored} utilaje au revenit la versiunea de dinainte` +
          (removed > 0 ? `, ${removed} utilaje noi au fost mutate in Cos.` : "."),
      );
      await onUndone();
    });
  };
  return (
    <Button size="xs" variant="default" mt={4} loading={pending} onClick={() => void undo()}>
      Anulati importul
    </Button>
  );
}
