import { Checkbox, Fieldset, List, NumberInput, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { MINIMUM_DAYS_MAX } from "../../../common/pricing/machine-prices.ts";
import type { Currency } from "../../../common/pricing/money.ts";
import { AMOUNT_FIELDS, AMOUNT_LABELS, priceExamples, type PriceFields } from "./price-fields.ts";

type FormWithPrices = UseFormReturnType<{ prices: PriceFields } & Record<string, unknown>>;

interface PriceFieldsSectionProps {
  form: FormWithPrices;
  /** The site's currency (Configurare): the amounts are typed in it. */
  currency: Currency;
  disabled: boolean;
}

const CURRENCY_NAMES: Record<Currency, string> = { RON: "lei", EUR: "euro" };

/**
 * "Preturi": the machine's rates typed with two decimals, its minimum days, "pret la cerere", and the
 * price the rule gives for a day, a week and a month as the administrator types (read aloud politely).
 */
export function PriceFieldsSection({ form, currency, disabled }: PriceFieldsSectionProps) {
  const unit = CURRENCY_NAMES[currency];
  const examples = priceExamples(form.values.prices, currency);
  return (
    <Fieldset legend="Preturi" disabled={disabled}>
      <Stack gap="md">
        <Text size="sm">Sume in {unit}, fara TVA, cu cel mult doua zecimale (de exemplu 450 sau 1250,50).</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {AMOUNT_FIELDS.map((field) => (
            <TextInput
              key={field}
              label={`${AMOUNT_LABELS[field]} (${unit})`}
              inputMode="decimal"
              autoComplete="off"
              {...form.getInputProps(`prices.${field}`)}
            />
          ))}
          <NumberInput
            label="Numar minim de zile"
            description="Mai putine zile se factureaza ca acest numar; gol = fara minim"
            min={1}
            max={MINIMUM_DAYS_MAX}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps("prices.minimum_days")}
          />
        </SimpleGrid>
        <Checkbox
          label="Pret la cerere"
          description="Tarifele raman in administrare: pe site utilajul apare cu pret la cerere"
          {...form.getInputProps("prices.on_request", { type: "checkbox" })}
        />
        <div aria-live="polite" aria-atomic="true">
          {examples.length > 0 ? (
            <>
              <Text size="sm" fw={600} id="price-examples-title">
                Exemplu, dupa regula de pret
              </Text>
              <List size="sm" aria-labelledby="price-examples-title">
                {examples.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              Exemplul de pret apare dupa ce scrieti tariful pe zi.
            </Text>
          )}
        </div>
      </Stack>
    </Fieldset>
  );
}
