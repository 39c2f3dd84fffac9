import { RouterContextProvider } from "react-router";
import type {
  BannerView,
  CategoryView,
  ConfigurationEntry,
  ListedProductCardView,
  ProductCardView,
  ProductView,
  VersionView,
} from "../../common/catalogue/catalogue-views.ts";
import {
  allBanners,
  allCategories,
  productByCategoryAndModel,
  productCardsByIds,
  productCardsOfCategory,
  productsByIds,
} from "../catalogue/read.ts";
import type { DayAvailability } from "../../common/bookings/availability.ts";
import { availabilityShownIn } from "../../common/bookings/public-availability.ts";
import { availabilityOfMachine, productsFreeThroughout } from "../bookings/availability.ts";
import type { ContactFormResult, ContactPageData } from "../../common/leads/contact-page-data.ts";
import { contactPageData, postContactForm } from "../leads/contact-page.ts";
import type { LeadSender } from "../leads/store-request.ts";
import { trashedProductAt } from "../trash/trashed-page.ts";
import type { Logger } from "../core/logger.ts";
import { submittedSearch } from "../search/search-results.ts";
import type { Services } from "../services.ts";
import type { SpecSheetContent } from "../../common/catalogue/spec-sheet.ts";
import { specSheetMaker, type SpecSheetResult } from "../spec-sheet/make-sheet.ts";
import { perVersion } from "../catalogue/per-version.ts";
import { isPublicConfigurationKey } from "../../common/schemas/configuration-keys.ts";
import { siteConfiguration, sitePriceSettings } from "../catalogue/site-configuration.ts";
import { publicPricesOf } from "../catalogue/product-prices.ts";
import type { PriceSettings } from "../../common/pricing/price-settings.ts";
import type { ProductPrices } from "../../common/pricing/machine-prices.ts";

/**
 * How page loaders and actions reach the server. The page build (build/server/, a bundle per
 * folder) holds app/ only: loaders import nothing of server/ but types, and call these services,
 * which the server hands to every render in its PageContext. So one copy of the server's code runs
 * in the process, and a change to server/ never waits for a rebuild
 * (docs/decisions/043-pages-reach-the-server-through-their-router.md).
 */
export interface PageServices {
  catalogue: {
    categories(): Promise<CategoryView[]>;
    /** A category's machines as its cards show them. */
    productCardsOfCategory(category: Pick<CategoryView, "uuid" | "slug">): Promise<ProductCardView[]>;
    /** By the category and model as they appear in a page address (slugs, or names). */
    product(category: string, model: string): Promise<ProductView | undefined>;
    /** The machine of this address in the trash (its page answers 410, decision 074). */
    trashedProduct(
      category: string,
      model: string,
    ): Promise<{ model: string; categorySlug: string | null } | undefined>;
    /** The machines of these ids that exist, in the order asked (the compare page: a handful). */
    productsById(ids: readonly string[]): Promise<ProductView[]>;
    banners(): Promise<BannerView[]>;
    /** The configuration's public entries (GET /api/configuration's). */
    configuration(): Promise<ConfigurationEntry[]>;
  };
  /**
   * What the public pages show of the bookings: each day's state, never a booking. Null while the
   * configuration hides availability.
   */
  availability: {
    /** Whether the site shows availability (the configuration's switch). */
    shown(): Promise<boolean>;
    /** A machine's days from `first` to `last` (both included), from its fleet as its page read it. */
    ofMachine(machine: { uuid: string; units: number }, first: string, last: string): Promise<DayAvailability[] | null>;
    /** Of these machines, those with a unit free on every day from `first` to `last`. */
    freeThroughout(productIds: readonly string[], first: string, last: string): Promise<ReadonlySet<string> | null>;
  };
  /**
   * What the public pages show of the machines' prices (decisions 089, 093): the site's price
   * settings, read once per catalogue version, and the prices visitors may read of some machines,
   * by id (null while the site hides prices).
   */
  prices: {
    settings(): Promise<PriceSettings>;
    of(ids: readonly string[]): Promise<ReadonlyMap<string, ProductPrices> | null>;
  };
  contact: {
    page(url: URL): Promise<ContactPageData>;
    /** The form posted to the /contact page's action. */
    post(request: Request, sender: LeadSender): Promise<ContactFormResult>;
  };
  /**
   * A machine's spec sheet (a PDF) from what its page shows (decision 059), drawn off the server's
   * thread; or why it was not made, already logged (decision 067).
   */
  specSheet(content: SpecSheetContent): Promise<SpecSheetResult>;
  search: {
    /**
     * A submitted search's machines, best first (the index gives their ids, the catalogue the
     * machines); one that finds nothing is logged (decision 060).
     */
    results(query: string, clientAddress: string): Promise<ListedProductCardView[]>;
  };
  /**
   * A page request refused as the client's error (a 405: a method the page has no action for): a
   * warning, at most once per client address a minute, not a failure of the page.
   */
  refused(refusal: { requestId: string; clientAddress: string; method: string; path: string; status: number }): void;
  /** PUBLIC_URL: canonical addresses and structured data. */
  readonly publicUrl: string;
  version: VersionView;
  logger: Logger;
}

/** One render's view of the server: the services and who is asking. */
export interface PageRequest {
  services: PageServices;
  /** The id the server gave the request (X-Request-Id): errors of the page are logged with it. */
  requestId: string;
  /** The client's address (TRUST_PROXY-aware): the contact action's limits and captcha use it. */
  clientAddress: string;
  /** Marks the application's inline scripts on production renders (server/pages/csp.ts, app/lib/script-nonce.ts). */
  scriptMark: string | undefined;
  /**
   * The server's last step on a rendered document, given its bytes (in parts, in order) and reply
   * headers, on production renders: the Content-Security-Policy with the hashes of the marked
   * scripts, the mark removed (server/pages/csp.ts). The server then sends those bytes itself, and
   * the render's reply carries only the status and headers: the page is neither decoded, nor copied
   * into a Response and read back from it for the cache (decision 054).
   */
  finishPage: ((parts: readonly Buffer[], headers: Headers) => void) | undefined;
}

/**
 * The router context of a render. React Router hands this very object to every loader, action and
 * app/entry.server.tsx, which read `page` (app/page-request.server.ts); a property rather than a
 * createContext() key, because a key is an object identity that the page build and the server would
 * each have to import from one shared module.
 */
export class PageContext extends RouterContextProvider {
  readonly page: PageRequest;
  constructor(page: PageRequest) {
    super();
    this.page = page;
  }
}

const made = new WeakMap<Services, PageServices>();

/** The page services of a server, made once. */
export function pageServices(services: Services): PageServices {
  let pages = made.get(services);
  if (!pages) {
    const { db } = services;
    // Only what anyone may read reaches a page's loaders, and so its HTML and hydration data (decision 101).
    const configuration = async () =>
      (await siteConfiguration(services)).filter(({ key }) => isPublicConfigurationKey(key));
    const shown = async () => availabilityShownIn(await configuration());
    pages = {
      catalogue: {
        categories: perVersion(services.catalogueVersion, () => allCategories(db)),
        productCardsOfCategory: (category) => productCardsOfCategory(db, category),
        product: (category, model) => productByCategoryAndModel(db, category, model),
        trashedProduct: (category, model) => trashedProductAt(db, category, model),
        productsById: (ids) => productsByIds(db, ids),
        banners: perVersion(services.catalogueVersion, () => allBanners(db)),
        configuration,
      },
      availability: {
        shown,
        ofMachine: async (machine, first, last) =>
          (await shown()) ? availabilityOfMachine(services, machine, first, last) : null,
        freeThroughout: async (productIds, first, last) =>
          (await shown()) ? productsFreeThroughout(services, productIds, first, last) : null,
      },
      prices: {
        settings: () => sitePriceSettings(services),
        of: (ids) => publicPricesOf(services, ids),
      },
      contact: {
        page: (url) => contactPageData(services, url),
        post: (request, sender) => postContactForm(services, request, sender),
      },
      specSheet: specSheetMaker(services),
      search: {
        results: async (query, clientAddress) =>
          productCardsByIds(
            db,
            (await submittedSearch(services.search, query, clientAddress)).map((hit) => hit.entry.uuid),
          ),
      },
      refused: (refusal) => {
        if (services.rateLimits.pageRefusalLogs.take(refusal.clientAddress).allowed)
          services.logger.warn(refusal, "page refused");
      },
      get publicUrl() {
        // Read at each use: the server learns its port (PORT=0) after the services are made.
        return services.config.PUBLIC_URL;
      },
      version: services.version,
      logger: services.logger,
    };
    made.set(services, pages);
  }
  return pages;
}
