import { Outlet } from "react-router";
import { servicesOf } from "../page-request.server.ts";
import { localBusiness } from "../seo/seo.server.ts";
import { BannerCarousel } from "../components/banner-carousel.tsx";
import { Announcer } from "../components/announcer.tsx";
import { CookieBar } from "../components/cookie-bar.tsx";
import { HydrationRegion } from "../components/hydration-region.tsx";
import { LoadingOverlay } from "../components/loading-overlay.tsx";
import { OfflineToast } from "../components/offline-toast.tsx";
import { SiteFooter } from "../components/site-footer.tsx";
import { TopBar } from "../components/top-bar.tsx";
import { TopNav } from "../components/top-nav.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { contactInfo } from "../lib/contact-info.ts";
import { keepPageOnNetworkFailure, useStayOnFailedNavigation } from "../lib/failed-navigation.ts";
import { revalidateOnlyForLanguage } from "../lib/revalidation.ts";
import { useContentScroll } from "../lib/use-content-scroll.ts";
import type { Route } from "./+types/public-layout";
import styles from "./public-layout.module.css";

const CONTENT_ID = "content";

/** The contact channels of the configuration and the first banner; the other banners come later. */
export async function loader({ context }: Route.LoaderArgs) {
  const { catalogue } = servicesOf(context);
  const [entries, banners] = await Promise.all([catalogue.configuration(), catalogue.banners()]);
  const contact = contactInfo(entries);
  return { contact, firstBanner: banners[0] ?? null, business: localBusiness(context, contact) };
}

export const shouldRevalidate = revalidateOnlyForLanguage;

/** A navigation that cannot reach the server stays on the page shown (app/lib/failed-navigation.ts). */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [keepPageOnNetworkFailure];

/**
 * Spec §2 public layout: top bar, navigation, banners, the page, footer, cookie bar, loading
 * overlay (and §8's toast).
 */
export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useContentScroll();
  const failedNavigations = useStayOnFailedNavigation();
  return (
    <>
      <a className={styles.skip} href={`#${CONTENT_ID}`}>
        {t("site.skipToContent")}
      </a>
      <header>
        <HydrationRegion>
          <TopBar contact={loaderData.contact} />
          <TopNav />
        </HydrationRegion>
      </header>
      <HydrationRegion>
        <BannerCarousel first={loaderData.firstBanner} />
      </HydrationRegion>
      <main id={CONTENT_ID} className={styles.main} tabIndex={-1}>
        <HydrationRegion>
          <Outlet />
        </HydrationRegion>
      </main>
      <HydrationRegion>
        <SiteFooter contact={loaderData.contact} />
      </HydrationRegion>
      <CookieBar />
      <LoadingOverlay />
      <Announcer />
      {failedNavigations > 0 ? <OfflineToast key={failedNavigations} /> : null}
    </>
  );
}
