import { Anchor, Stack, Text, Title } from "@mantine/core";
import { data, Link } from "react-router";

/** A path under /admin that no screen claims. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: "Pagina nu exista — Administrare" }];

export default function AdminNotFound() {
  return (
    <Stack p="md">
      <Title order={1} size="h2" tabIndex={-1}>
        Pagina nu exista
      </Title>
      <Text>Adresa ceruta nu corespunde niciunui ecran de administrare.</Text>
      <Anchor component={Link} to="/admin/main">
        Inapoi la administrare
      </Anchor>
    </Stack>
  );
}
