import { Link } from "react-router";
import { servicesOf } from "../page-request.server.ts";
import { homeDescription, pageSeo, webSite } from "../seo/seo.server.ts";
import { pageLanguage, shownCategory } from "../page-data/shown-content.server.ts";
import { Shown } from "../components/shown.tsx";
import { BannerPicture } from "../components/banner-picture.tsx";
import { useTranslation } from "../i18n/use-translation.ts";
import { pageMeta } from "../seo/meta.ts";
import { categoryPath } from "../../common/pages/page-urls.ts";
import { pictureSizes } from "../lib/picture-sizes.ts";
import { splitInTwo } from "../lib/split-in-two.ts";
import buttons from "../styles/buttons.module.css";
import type { Route } from "./+types/home";
import styles from "./home.module.css";
import { RouteErrorView } from "../components/route-error-view.tsx";

/** The pictures column: the full width below 800 px, else 1.1 parts of 2.1 of at most 1168 px (home.module.css). */
const PICTURE_SIZES = pictureSizes([["(max-width: 800px)", "100vw"]], "600px");

/** The categories and two pictures: the banners after the first (which the layout already shows). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { catalogue } = servicesOf(context);
  const [categories, banners] = await Promise.all([catalogue.categories(), catalogue.banners()]);
  const pictures = banners.length > 2 ? banners.slice(1, 3) : banners.slice(0, 2);
  return {
    categories: categories.map((category) => shownCategory(category, pageLanguage(request))),
    pictures,
    seo: pageSeo(request, context, {
      description: homeDescription(request),
      image: banners[0]?.image,
      jsonLd: [webSite(request, context)],
    }),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t("meta.home"));

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { categories, pictures } = loaderData;
  const [left, right] = splitInTwo(categories);
  return (
    <div className={styles.home}>
      <section className={styles.intro}>
        <div className={styles.text}>
          <h1>{t("home.title")}</h1>
          <p className={styles.slogan}>{t("home.slogan")}</p>
          <Link to="/contact" className={buttons.primary}>
            {t("home.requestOffer")}
          </Link>
        </div>
        {pictures.length > 0 ? (
          <div className={styles.pictures}>
            {pictures.map((picture) => (
              <BannerPicture key={picture.uuid} banner={picture} sizes={PICTURE_SIZES} className={styles.picture} />
            ))}
          </div>
        ) : null}
      </section>
      <section className={styles.categories} aria-labelledby="home-categories">
        <h2 id="home-categories">{t("home.categories")}</h2>
        {categories.length === 0 ? (
          <p>{t("home.noCategories")}</p>
        ) : (
          <div className={styles.columns}>
            {[left, right].map((column, index) =>
              column.length > 0 ? (
                <ul key={index} className={styles.column}>
                  {column.map((category) => (
                    <li key={category.uuid}>
                      <Link to={categoryPath(category.slug)}>
                        <Shown text={category.name} />
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null,
            )}
          </div>
        )}
      </section>
    </div>
  );
}

/** A failure of this page shows inside the layout, which stays (spec §8). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorView error={error} />;
}
