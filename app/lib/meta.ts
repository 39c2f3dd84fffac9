import type { MetaDescriptor } from "react-router";
import type { Locale } from "../../common/language.ts";
import { translator, type Translate } from "../i18n/translate.ts";
import { DEFAULT_LANGUAGE, isLanguage } from "../../common/language.ts";

/** Spec §1: the description and keywords are Romanian whatever the interface language. */
const DESCRIPTION =
  "Închiriere utilaje pentru construcții în București și în toată țara: excavatoare, miniexcavatoare, " +
  "buldoexcavatoare, încărcătoare frontale, cilindri compactori, plăci compactoare, motostivuitoare și nacele " +
  "de la Caterpillar, JCB, Komatsu, Volvo, Bobcat, Bomag și Manitou, cu sau fără operator.";
const KEYWORDS =
  "inchiriere utilaje, inchiriere utilaje constructii, utilaje constructii, excavator, miniexcavator, " +
  "buldoexcavator, incarcator frontal, cilindru compactor, compactor, placa compactoare, motostivuitor, " +
  "stivuitor, nacela, Caterpillar, CAT, JCB, Komatsu, Volvo, Bobcat, Bomag, Manitou, Hitachi, Liebherr";

interface MatchWithData {
  id: string;
  loaderData?: unknown;
}

/** The page language, as the root loader read it from the `lang` cookie. */
export function languageOf(matches: readonly (MatchWithData | undefined)[]): Locale {
  const data = matches.find((match) => match?.id === "root")?.loaderData;
  const language = data && typeof data === "object" && "lang" in data ? data.lang : undefined;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** Title plus the site-wide description and keywords; `title` names the page in the visitor's language. */
export function pageMeta(
  matches: readonly (MatchWithData | undefined)[],
  title: (t: Translate) => string,
): MetaDescriptor[] {
  const t = translator(languageOf(matches));
  return [
    { title: `${title(t)} | ${t("site.name")}` },
    { name: "description", content: DESCRIPTION },
    { name: "keywords", content: KEYWORDS },
  ];
}
