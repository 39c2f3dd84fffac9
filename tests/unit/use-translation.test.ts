import { createElement } from "react";
import { describe, expect, it, vi } from "vitest";
import { en } from "../../app/i18n/en.ts";

describe("useTranslation", () => {
  it("waits for a language's dictionary the page has not loaded, then speaks it", async () => {
    vi.resetModules();
    const { prerender } = await import("react-dom/static");
    const { useTranslation } = await import("../../app/i18n/use-translation.ts");
    const { PageLanguageContext } = await import("../../app/i18n/use-language.ts");
    const { loadedTranslator } = await import("../../app/i18n/translate.ts");
    expect(loadedTranslator("en")).toBeUndefined();
    function Label() {
      const { t } = useTranslation();
      return createElement("p", null, t("nav.home"));
    }
    const page = createElement(PageLanguageContext, { value: { lang: "en", named: null } }, createElement(Label));
    const { prelude } = await prerender(page);
    expect(await new Response(prelude).text()).toBe(`<p>${en.nav.home}</p>`);
    expect(loadedTranslator("en")).toBeDefined();
  });
});
