import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { Outlet } from "react-router";
import { CONFIRM_LABELS } from "../../admin/texts.ts";
import { adminCssVariables, adminTheme } from "../../admin/theme.ts";

/**
 * The admin module's root (spec §2 /admin): Mantine, its modals and toasts. It and its styles load
 * only under /admin — route modules are split by React Router, so no public page carries them.
 */
export const meta = () => [{ title: "Administrare — Utilaje" }, { name: "robots", content: "noindex, nofollow" }];

export default function AdminLayout() {
  return (
    <MantineProvider theme={adminTheme} cssVariablesResolver={adminCssVariables} forceColorScheme="light">
      <ModalsProvider labels={CONFIRM_LABELS}>
        <Notifications position="top-right" limit={1} />
        <Outlet />
      </ModalsProvider>
    </MantineProvider>
  );
}
