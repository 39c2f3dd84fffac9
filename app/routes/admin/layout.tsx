import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "../../admin/ui/admin.css";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { Outlet } from "react-router";
import { adminCssVariables, adminTheme } from "../../admin/ui/theme.ts";

/**
 * The admin module's root (spec §2 /admin): Mantine and its toasts. It and its styles load only
 * under /admin — route modules are split by React Router, so no public page carries them. Dialogs
 * (ModalsProvider) are the guarded shell's: the login pages need none and load less without them.
 */
export const meta = () => [{ title: "Administrare — Utilaje" }, { name: "robots", content: "noindex, nofollow" }];

export default function AdminLayout() {
  return (
    <MantineProvider theme={adminTheme} cssVariablesResolver={adminCssVariables} forceColorScheme="light">
      <Notifications position="top-right" limit={1} />
      <Outlet />
    </MantineProvider>
  );
}
