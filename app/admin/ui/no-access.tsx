import { Anchor, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { ScreenTitle } from "./screen-title.tsx";

/** What a screen the account's role cannot use shows instead (decision 091): a clear word, never a broken screen. */
export function NoAccess() {
  return (
    <Stack p="md">
      <ScreenTitle>Nu aveți acces</ScreenTitle>
      <Text>Rolul contului dumneavoastră nu permite folosirea acestui ecran. Cereți accesul unui administrator.</Text>
      <Anchor component={Link} to="/admin/main/profile">
        Înapoi la profil
      </Anchor>
    </Stack>
  );
}
