import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { RouteErrorView } from "./components/route-error-view.tsx";
import { languageOfCookies } from "../common/language.ts";
import { usePageLanguage, useRestoreStoredLanguage } from "./i18n/use-language.ts";
import "./styles/global.css";

/** The language comes from the cookie, so the server renders the visitor's choice (no flash of Romanian). */
export function loader({ request }: Route.LoaderArgs) {
  return { lang: languageOfCookies(request.headers.get("Cookie")) };
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const language = usePageLanguage();
  useRestoreStoredLanguage();
  useEffect(() => {
    // The browser tests wait for this before they interact with the page.
    document.documentElement.dataset.hydrated = "true";
  }, []);
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
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Only failures outside the public layout land here (the layout's own loader); pages have their own. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorView error={error} standalone />;
}
