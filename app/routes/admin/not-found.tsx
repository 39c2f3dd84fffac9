import { Anchor, Stack, Text } from "@mantine/core";
import { data, Link } from "react-router";
import { ScreenTitle } from "../../admin/ui/screen-title.tsx";

/** A path under /admin that no screen claims. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: "Pagina nu exista — Administrare" }];

export default function AdminNotFound() {
  return (
    <Stack p="md">
      <ScreenTitle>Pagina nu exista</ScreenTitle>
      <Text>Adresa ceruta nu corespunde niciunui ecran de administrare.</Text>
      <Anchor component={Link} to="/admin/main">
        Inapoi la administrare
      </Anchor>
    </Stack>
  );
}
