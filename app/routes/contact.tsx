import { Link, useRouteLoaderData } from "react-router";
import { loadCategories } from "../loaders/catalogue.server.ts";
import { CompanyDetails } from "../components/company-details.tsx";
import { ContactLinks } from "../components/contact-links.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { contactDescription, pageSeo } from "../loaders/seo.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { categoryPath } from "../lib/paths.ts";
import type { loader as layoutLoader } from "./public-layout.tsx";
import type { Route } from "./+types/contact";
import styles from "./contact.module.css";
import { RouteErrorView } from "../components/route-error-view.tsx";

/** The categories are preloaded here for the quote request (spec §2); the contact channels come with the layout. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const categories = await loadCategories(context);
  return {
    categories: categories.map(({ uuid, name, slug }) => ({ uuid, name, slug })),
    seo: pageSeo(request, context, { description: contactDescription(request) }),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t("meta.contact"));

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const contact = useRouteLoaderData<typeof layoutLoader>("routes/public-layout")?.contact;
  return (
    <div className={styles.page}>
      <h1>{t("contact.title")}</h1>
      <p className={styles.intro}>{t("contact.intro")}</p>
      <div className={styles.columns}>
        <section className={styles.panel} aria-labelledby="contact-reach">
          <h2 id="contact-reach">{t("contact.reachUs")}</h2>
          {contact ? <ContactLinks phones={contact.phones} emails={contact.emails} className={styles.links} /> : null}
          <p className={styles.hours}>{t("contact.hours")}</p>
        </section>
        <section className={styles.panel} aria-labelledby="contact-company">
          <h2 id="contact-company">{t("contact.company")}</h2>
          <CompanyDetails className={styles.details} />
        </section>
      </div>
      {loaderData.categories.length > 0 ? (
        <section className={styles.panel} aria-labelledby="contact-categories">
          <h2 id="contact-categories">{t("contact.categories")}</h2>
          <ul className={styles.categories}>
            {loaderData.categories.map((category) => (
              <li key={category.uuid}>
                <Link to={categoryPath(category.slug)}>{category.name}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** A failure of this page shows inside the layout, which stays (spec §8). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorView error={error} />;
}
