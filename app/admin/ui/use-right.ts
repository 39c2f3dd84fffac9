import { useRouteLoaderData } from "react-router";
import { roleHasRight, type Right } from "../../../common/team/roles.ts";
import type { Account } from "../../../common/team/team-schemas.ts";

/** The shell's route (main-layout.tsx), whose loader reads the signed-in account. */
const SHELL_ROUTE = "routes/admin/main-layout";

/**
 * Whether the signed-in person's role holds `right` (decision 091), read from the shell's account: a
 * screen shows only the actions its reader may take. The server refuses the rest anyway (403).
 */
export function useRight(right: Right): boolean {
  const account = useRouteLoaderData<Account>(SHELL_ROUTE);
  return account !== undefined && roleHasRight(account.role, right);
}
