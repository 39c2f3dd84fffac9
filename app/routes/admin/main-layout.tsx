import {
  AppShell,
  Badge,
  Burger,
  Button,
  Center,
  Group,
  Loader,
  NavLink,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { ModalsProvider } from "@mantine/modals";
import { IconLogout } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { isRouteErrorResponse, Link, Outlet, useLocation, useNavigate, useRouteError } from "react-router";
import { roleHasRight, type Role } from "../../../common/team/roles.ts";
import type { Account } from "../../../common/team/team-schemas.ts";
import { api } from "../../admin/api/api-client.ts";
import { useApiAction } from "../../admin/api/use-api-action.ts";
import { refreshNewLeadsCount, useNewLeadsCount } from "../../admin/leads/new-leads-count.ts";
import { adminLoader } from "../../admin/login/admin-loader.ts";
import { logOut } from "../../admin/login/auth.ts";
import { SessionExpiryDialog } from "../../admin/login/expiry-dialog.tsx";
import { LOGIN_PATH } from "../../admin/session/login-url.ts";
import { ADMIN_MENU, screenRight } from "../../admin/ui/menu.ts";
import { NoAccess } from "../../admin/ui/no-access.tsx";
import { CONFIRM_LABELS } from "../../admin/ui/texts.ts";
import type { Route } from "./+types/main-layout";

/**
 * The guarded shell of spec §2 (/admin/main): only an authenticated user enters (the session lives
 * in session storage, so the guard runs in the browser; the server sends the loading state), the
 * side menu with the current entry marked, collapsing behind a burger on a phone. Entering the shell
 * checks the stored token with the server (a revoked one is a 401 → login) and reads the account's role:
 * the menu lists only the screens the role can use, and an address it cannot use says "Nu aveți acces"
 * (decision 091).
 */
export const clientLoader = adminLoader(() => api.get<Account>("/api/me"));

/** What a first page load shows until the shell's and the screen's loaders have answered (see adminLoader). */
export function HydrateFallback() {
  return (
    <Center mih="100vh">
      <Loader aria-label="Se incarca" />
    </Center>
  );
}

function isCurrent(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

export default function MainLayout({ loaderData }: Route.ComponentProps) {
  return (
    <ModalsProvider labels={CONFIRM_LABELS} modalProps={{ closeButtonProps: { "aria-label": "Inchideti" } }}>
      <Shell username={loaderData.username} role={loaderData.role} />
    </ModalsProvider>
  );
}

function Shell({ username, role }: { username: string; role: Role }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  // Below the `sm` breakpoint the closed menu slides off screen: inert, so the keyboard skips it too.
  const phone = useMediaQuery("(max-width: 48em)");
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { run, pending } = useApiAction();
  const main = useRef<HTMLElement>(null);
  const firstPage = useRef(true);

  const newLeads = useNewLeadsCount();
  const readsLeads = roleHasRight(role, "leads");
  const menu = ADMIN_MENU.filter((entry) => roleHasRight(role, entry.right));

  // New contact requests arrive while the administrator works: the menu's count is read again on each page.
  useEffect(() => {
    if (readsLeads) void refreshNewLeadsCount();
  }, [pathname, readsLeads]);

  // After a navigation the focus goes to the new page's heading, so keyboard and screen-reader
  // users start there; the phone menu closes.
  useEffect(() => {
    close();
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    main.current?.querySelector<HTMLElement>("h1")?.focus();
  }, [pathname, close]);

  const disconnect = () =>
    run(async () => {
      await logOut();
      await navigate(LOGIN_PATH, { replace: true });
    });

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 250, breakpoint: "sm", collapsed: { mobile: !opened } }}
      padding="md"
    >
      <SessionExpiryDialog />
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm">
          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={opened ? "Inchideti meniul" : "Deschideti meniul"}
            aria-expanded={opened}
            aria-controls="admin-menu"
          />
          <Text fw={700} component={Link} to="/admin/main" c="dark">
            Utilaje — Administrare
          </Text>
          <Text ml="auto" size="sm">
            Conectat: {username}
          </Text>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" id="admin-menu" component="nav" aria-label="Meniu administrare" inert={phone && !opened}>
        {/* The menu scrolls on its own: on a short window its last entries and Deconectare stay reachable. */}
        <Stack gap={4} h="100%" style={{ overflowY: "auto" }}>
          {menu.map((entry) => {
            const current = isCurrent(pathname, entry.to);
            return (
              <NavLink
                key={entry.to}
                component={Link}
                to={entry.to}
                label={entry.label}
                leftSection={<entry.icon size={18} stroke={1.6} aria-hidden="true" />}
                rightSection={entry.counter === "newLeads" && newLeads ? <NewCount count={newLeads} /> : undefined}
                active={current}
                variant="filled"
                color="dark"
                aria-current={current ? "page" : undefined}
              />
            );
          })}
          <Button
            mt="auto"
            variant="default"
            leftSection={<IconLogout size={18} aria-hidden="true" />}
            onClick={disconnect}
            loading={pending}
          >
            Deconectare
          </Button>
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main ref={main}>{roleHasRight(role, screenRight(pathname)) ? <Outlet /> : <NoAccess />}</AppShell.Main>
    </AppShell>
  );
}

/** The number of new requests beside 'Cereri oferta'; read out as "3 cereri noi". */
function NewCount({ count }: { count: number }) {
  return (
    <Badge size="sm" circle={count < 10} color="red">
      {count}
      <VisuallyHidden> {count === 1 ? "cerere noua" : "cereri noi"}</VisuallyHidden>
    </Badge>
  );
}

export function ErrorBoundary() {
  // A screen whose data the role may not read (its loader got a 403).
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <NoAccess />;
  return (
    <Center mih="100vh">
      <Stack align="center">
        <Title order={1} size="h3">
          Pagina nu a putut fi incarcata
        </Title>
        <Button component="a" href="/admin/main">
          Reincercati
        </Button>
      </Stack>
    </Center>
  );
}
