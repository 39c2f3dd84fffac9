import { data, Link, useActionData, useRouteLoaderData } from "react-router";
import { pageRequest, servicesOf } from "../page-request.server.ts";
import { CompanyDetails } from "../components/company-details.tsx";
import { ContactForm } from "../components/contact-form/contact-form.tsx";
import { CONTACT_TEXTS } from "../components/contact-form/contact-texts.ts";
import { pageLanguage } from "../page-data/shown-content.server.ts";
import { ContactLinks } from "../components/contact-links.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { contactDescription, pageSeo } from "../seo/seo.server.ts";
import { pageMeta } from "../seo/meta.ts";
import { categoryPath } from "../../common/pages/page-urls.ts";
import { shownText } from "../../common/language/english-fallback.ts";
import { Shown } from "../components/shown.tsx";
import { usePageLanguage } from "../i18n/use-language.ts";
import type { loader as layoutLoader } from "./public-layout.tsx";
import type { Route } from "./+types/contact";
import styles from "./contact.module.css";
import { RouteErrorView } from "../components/route-error-view.tsx";

/**
 * The categories are preloaded for the quote request (spec §2), with the captcha and a product's
 * prefill; the contact channels come with the layout.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const prices = await servicesOf(context).prices.settings();
  return {
    ...(await servicesOf(context).contact.page(new URL(request.url))),
    // While the site shows prices only: the quote list's estimate, in the site's currency (decision 093).
    ...(prices.shown && { estimate: { currency: prices.currency } }),
    // In the page's language only: the scripts every page loads carry none of the form's texts.
    texts: CONTACT_TEXTS[pageLanguage(request)],
    seo: pageSeo(request, context, { description: contactDescription(request) }),
  };
}

/** The form's post, with JavaScript (in the background) or without (the page is rendered again with the outcome). */
export async function action({ context, request }: Route.ActionArgs) {
  const { services, clientAddress, requestId } = pageRequest(context);
  const result = await services.contact.post(request, { address: clientAddress, requestId });
  return data(result, { status: result.status });
}

/** The page's data does not change when the form is sent. */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: {
  formMethod?: string;
  defaultShouldRevalidate: boolean;
}) {
  return formMethod === "POST" ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t("meta.contact"));

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const contact = useRouteLoaderData<typeof layoutLoader>("routes/public-layout")?.contact;
  const posted = useActionData<typeof action>();
  return (
    <div className={styles.page}>
      <h1>{t("contact.title")}</h1>
      <p className={styles.intro}>{t("contact.intro")}</p>
      <ContactForm
        // A new product's prefill is a new form.
        key={loaderData.prefill?.product ?? "contact"}
        categories={loaderData.categories}
        captcha={loaderData.captcha}
        prefill={loaderData.prefill}
        retentionDays={loaderData.retentionDays}
        contact={contact ?? { phones: [], emails: [] }}
        postedResult={posted}
        texts={loaderData.texts}
        estimate={loaderData.estimate}
      />
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
                <Link to={categoryPath(category.slug)}>
                  <Shown text={shownText(category.name, category.name_en, language)} />
                </Link>
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
