import { Button, Fieldset, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { api } from "../api/api-client.ts";
import { useApiAction } from "../api/use-api-action.ts";
import { confirm } from "../ui/confirm.ts";
import { SUCCESS } from "../ui/texts.ts";
import { toast } from "../ui/toasts.ts";

/**
 * The address of the bookings' calendar feed (decision 071): made or renewed here, shown once (only
 * its token's hash is kept); renewing ends the old address at once, after a question.
 */
export function FeedAddress() {
  const [active, setActive] = useState<boolean | null>(null);
  const [address, setAddress] = useState<string | null>(null);
  const { run, pending } = useApiAction();
  useEffect(() => {
    let current = true;
    api
      .get<{ active: boolean }>("/api/bookings/feed")
      .then((state) => current && setActive(state.active))
      .catch(() => {});
    return () => {
      current = false;
    };
  }, []);

  const renew = async () => {
    if (
      active &&
      !(await confirm({
        title: "Reinnoire adresa calendarului",
        message:
          "Adresa veche nu va mai functiona: calendarele abonate la ea trebuie abonate la adresa noua. Continuati?",
        confirmLabel: "Reinnoiti",
        cancelLabel: "Renuntati",
        danger: true,
      }))
    )
      return;
    await run(async () => {
      const { path } = await api.post<{ path: string }>("/api/bookings/feed/renew", {});
      setAddress(new URL(path, window.location.origin).href);
      setActive(true);
      toast.success(SUCCESS.feedRenewed);
    });
  };

  return (
    <Fieldset legend="Calendarul rezervarilor">
      <Stack gap="xs">
        <Text size="sm">
          Rezervarile pot fi urmarite in Google Calendar, Outlook sau pe telefon, prin abonare la o adresa secreta.
          {active === false && " Calendarul nu are inca o adresa."}
          {active && address === null && " Calendarul are o adresa; ea se arata doar cand este creata."}
        </Text>
        {address && (
          <TextInput
            label="Adresa calendarului (pentru un singur utilaj adaugati ?product=<id-ul utilajului>)"
            value={address}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
          />
        )}
        <div>
          <Button variant="default" onClick={() => void renew()} loading={pending} disabled={active === null}>
            {active ? "Reinnoiti adresa calendarului" : "Creati adresa calendarului"}
          </Button>
        </div>
      </Stack>
    </Fieldset>
  );
}
