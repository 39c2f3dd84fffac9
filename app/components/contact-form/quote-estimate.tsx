import { useEffect, useState } from "react";
import type { ProductView } from "../../../common/catalogue/catalogue-views.ts";
import type { ProductPrices } from "../../../common/pricing/machine-prices.ts";
import type { Currency } from "../../../common/pricing/money.ts";
import { PRICE_TEXTS, daysText, priceText, unitsText } from "../../../common/pricing/price-text.ts";
import { estimateLine, estimateTotal, type LineEstimate } from "../../../common/pricing/quote-estimate.ts";
import { usePageLanguage } from "../../i18n/use-language.ts";
import type { QuoteList } from "../../lib/quote-list.ts";
import styles from "./quote-estimate.module.css";

/**
 * The quote list's estimate (decision 093), loaded only while the site shows prices: each machine's
 * price for its days (and operator) by the one pricing rule, and the total, without VAT. The rates come
 * from the machine's public reply (cached, carrying prices only while they are shown), asked once per
 * machine and page; a machine whose rates cannot be read is left without an amount.
 */

const asked = new Map<string, Promise<ProductPrices | undefined>>();

function pricesOf(id: string): Promise<ProductPrices | undefined> {
  let prices = asked.get(id);
  if (!prices) {
    prices = fetch(`/api/product/details/${encodeURIComponent(id)}`)
      .then(async (response) => (response.ok ? ((await response.json()) as ProductView).prices : undefined))
      .catch(() => undefined);
    asked.set(id, prices);
  }
  return prices;
}

function useListPrices(list: QuoteList): ReadonlyMap<string, ProductPrices | undefined> | null {
  const [prices, setPrices] = useState<ReadonlyMap<string, ProductPrices | undefined> | null>(null);
  const ids = list.map((item) => item.machine.id).join(",");
  useEffect(() => {
    let current = true;
    const wanted = ids.split(",").filter((id) => id !== "");
    void Promise.all(wanted.map(async (id) => [id, await pricesOf(id)] as const)).then((pairs) => {
      if (current) setPrices(new Map(pairs));
    });
    return () => {
      current = false;
    };
  }, [ids]);
  return prices;
}

export default function QuoteEstimate({ list, currency }: { list: QuoteList; currency: Currency }) {
  const lang = usePageLanguage();
  const texts = PRICE_TEXTS[lang];
  const prices = useListPrices(list);
  if (!prices) return null;
  const lines: LineEstimate[] = list.map((item) =>
    estimateLine(prices.get(item.machine.id), { days: item.days, units: item.units, operator: item.operator }),
  );
  const total = estimateTotal(lines);
  const money = (minor: number) => priceText(minor, currency, lang);
  return (
    <section className={styles.estimate} aria-labelledby="quote-estimate-title" aria-live="polite">
      <h4 id="quote-estimate-title">{texts.estimate}</h4>
      <table>
        <tbody>
          {list.map((item, index) => {
            const line = lines[index];
            return (
              <tr key={item.machine.id}>
                <th scope="row">
                  {item.machine.model}
                  {item.days !== null ? `, ${daysText(item.days, texts)}` : null}
                  {item.units !== null && item.units > 1 ? `, ${unitsText(item.units, texts)}` : null}
                  {item.operator ? `, ${texts.estimateOperator}` : null}
                </th>
                <td className={"amount" in line ? styles.amount : undefined}>
                  {"amount" in line
                    ? money(line.amount)
                    : line.missing === "days"
                      ? texts.estimateMissing
                      : line.missing === "units"
                        ? texts.estimateMissingUnits
                        : texts.estimateOnRequest}
                </td>
              </tr>
            );
          })}
        </tbody>
        {total !== null ? (
          <tfoot>
            <tr>
              <th scope="row">{texts.estimateTotal}</th>
              <td className={styles.amount}>{money(total)}</td>
            </tr>
          </tfoot>
        ) : null}
      </table>
      <p>{texts.estimateNote}</p>
    </section>
  );
}
