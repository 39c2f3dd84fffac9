import { Suspense, useEffect, useMemo } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import type { Route } from "./+types/root";
import { RouteErrorView } from "./components/route-error-view.tsx";
import { PageLanguageContext, useRestoreStoredLanguage, useRootLanguage } from "./i18n/use-language.ts";
import { languageOfQuery } from "../common/language/language.ts";
import { revalidateOnlyForLanguage } from "./lib/revalidation.ts";
import { rootData } from "./lib/root-data.ts";
import { useServiceWorker } from "./lib/service-worker.ts";
import { useScriptNonce } from "./lib/script-nonce.ts";
import "./styles/global.css";

export function loader({ request }: Route.LoaderArgs) {
  return rootData(request);
}

export const shouldRevalidate = revalidateOnlyForLanguage;

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const pageLanguage = useRootLanguage();
  const { pathname, search } = useLocation();
  const named = languageOfQuery(new URLSearchParams(search));
  const languages = useMemo(() => ({ lang: pageLanguage, named }), [pageLanguage, named]);
  // The admin screens are Romanian whatever the visitor chose for the public pages (spec §1).
  const language = pathname.startsWith("/admin") ? "ro" : pageLanguage;
  const scriptNonce = useScriptNonce();
  useRestoreStoredLanguage();
  useServiceWorker();
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#24272c" />
        <Meta />
        <Links />
      </head>
      <body>
        <PageLanguageContext value={languages}>{children}</PageLanguageContext>
        {/* Hydrated after every region of the page before it (decision 056). */}
        <Suspense>
          <HydratedMark />
        </Suspense>
        <ScrollRestoration nonce={scriptNonce} />
        <Scripts nonce={scriptNonce} />
      </body>
    </html>
  );
}

/** Marks `<html data-hydrated>` once the whole page is hydrated: the browser tests wait for it before they interact. */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

export default function App() {
  return <Outlet />;
}

/** Only failures outside the public layout land here (the layout's own loader); pages have their own. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorView error={error} standalone />;
}
