import { Title } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A screen's one heading: the shell moves the focus to it after each navigation, hence tabIndex -1
 * (app/admin/README.md).
 */
export function ScreenTitle({ children }: { children: ReactNode }) {
  return (
    <Title order={1} size="h2" tabIndex={-1}>
      {children}
    </Title>
  );
}
