import { Button } from "@mantine/core";

/** The 'Salvare' submit button of the admin forms; it shows its loader while the save runs. */
export function SaveButton({ pending, disabled }: { pending: boolean; disabled?: boolean }) {
  return (
    <Button type="submit" loading={pending} disabled={disabled}>
      Salvare
    </Button>
  );
}
