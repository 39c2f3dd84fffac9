import { Fieldset, Group, NumberInput, Select, Stack, Switch, TextInput, Textarea } from "@mantine/core";
import { useState } from "react";
import { configurationEntrySchema, type ConfigurationEntry } from "../../../common/catalogue/catalogue-views.ts";
import { z } from "../../../common/zod.ts";
import {
  CONFIGURATION_KEYS,
  requiresSecondFactor,
  showsAvailability,
  type ConfigurationKey,
  type ContactKey,
} from "../../../common/schemas/configuration-keys.ts";
import { CONFIGURATION_VALUE_MAX_LENGTH, configurationSchema } from "../../../common/schemas/configuration.ts";
import { CURRENCIES, PERCENT } from "../../../common/pricing/money.ts";
import { priceSettingsOf } from "../../../common/pricing/price-settings.ts";
import { OFFER_VALIDITY_DAYS_MAX, offerSettingsOf } from "../../../common/schemas/offer-settings.ts";
import { COMPANY_SETTING_KEYS, type CompanySettingKey } from "../../../common/schemas/company-settings.ts";
import { api } from "../../admin/api/api-client.ts";
import { FeedAddress } from "../../admin/bookings/feed-address.tsx";
import { adminLoader } from "../../admin/login/admin-loader.ts";
import { useSchemaForm } from "../../admin/editing/forms.ts";
import { SaveButton } from "../../admin/ui/save-button.tsx";
import { SUCCESS } from "../../admin/ui/texts.ts";
import { toast } from "../../admin/ui/toasts.ts";
import { useFormSave } from "../../admin/editing/use-form-save.ts";
import { useLeaveGuard } from "../../admin/editing/use-leave-guard.ts";
import { saveVersioned, textChange } from "../../admin/editing/versioned-save.ts";
import { RevisionHistory } from "../../admin/revisions/revision-history.tsx";
import type { Route } from "./+types/configuration";
import { ScreenTitle } from "../../admin/ui/screen-title.tsx";

export const meta = () => [{ title: "Configurare — Administrare" }];

export const clientLoader = adminLoader(() => api.get<ConfigurationEntry[]>("/api/configuration/all"));

type Values = Record<ConfigurationKey, string>;

const FIELDS: Record<ContactKey, { label: string; type: "email" | "tel" | "text"; autoComplete: string }> = {
  contact_mail_to: { label: "Adresa de e-mail", type: "email", autoComplete: "email" },
  contact_mail_subject: { label: "Subiectul e-mailurilor", type: "text", autoComplete: "off" },
  contact_phone: { label: "Numarul de telefon", type: "tel", autoComplete: "tel" },
  contact_mail_to_second: { label: "Adresa de e-mail", type: "email", autoComplete: "email" },
  contact_phone_second: { label: "Numarul de telefon", type: "tel", autoComplete: "tel" },
};

const PRIMARY: readonly ContactKey[] = ["contact_mail_to", "contact_mail_subject", "contact_phone"];
const SECOND: readonly ContactKey[] = ["contact_mail_to_second", "contact_phone_second"];

const SHOW_AVAILABILITY = {
  label: "Afisati disponibilitatea pe site",
  description:
    "Calendarul pe pagina fiecarui utilaj, filtrul „liber intre … si …” al categoriilor si zilele ocupate din lista de cerere.",
};

const SHOW_PRICES = {
  label: "Afisati preturile pe site",
  description: "Tarifele utilajelor pe site, fara TVA; cele marcate „pret la cerere” raman ascunse.",
};

const SECOND_FACTOR_REQUIRED = {
  label: "Autentificare in doi pasi obligatorie pentru administratori",
  description:
    "Dupa parola se cere un cod din aplicatia de autentificare; cine nu l-a activat este dus la pagina Securitate.",
};

const PRICE_LABELS = {
  price_currency: "Moneda preturilor",
  price_vat_rate: "Cota TVA (%)",
  show_prices: SHOW_PRICES.label,
} as const;

const OFFER_LABELS = {
  offer_validity_days: "Valabilitatea ofertelor (zile)",
  offer_terms: "Conditii de inchiriere (romana)",
  offer_terms_en: "Conditii de inchiriere (engleza)",
} as const;

const isOfferKey = (key: ConfigurationKey): key is keyof typeof OFFER_LABELS => key in OFFER_LABELS;

/** The letterhead of the offers' document. */
const COMPANY_FIELDS: Record<CompanySettingKey, { label: string; description?: string }> = {
  company_legal_name: { label: "Denumirea firmei" },
  company_cui: { label: "Cod fiscal (CUI)", description: "De exemplu RO31457826." },
  company_reg_com: { label: "Nr. Registrul Comertului", description: "De exemplu J40/4821/2013." },
  company_address: { label: "Adresa sediului" },
  company_iban: { label: "IBAN (optional)", description: "Apare pe oferta doar daca il completati." },
};

const isCompanyKey = (key: ConfigurationKey): key is CompanySettingKey => key in COMPANY_FIELDS;

/** A field's label with its group's: both groups have an e-mail and a phone. */
function labelOf(key: ConfigurationKey): string {
  if (isOfferKey(key)) return OFFER_LABELS[key];
  if (isCompanyKey(key)) return COMPANY_FIELDS[key].label;
  if (key === "show_availability") return SHOW_AVAILABILITY.label;
  if (key === "second_factor_required") return SECOND_FACTOR_REQUIRED.label;
  if (key === "price_currency" || key === "price_vat_rate" || key === "show_prices") return PRICE_LABELS[key];
  return `${FIELDS[key].label} (${PRIMARY.includes(key) ? "contact principal" : "al doilea contact"})`;
}

/** The form's values: a text per key; the switch "true" or "false", never-saved read as on, as the site reads it. */
function valuesOf(entries: readonly ConfigurationEntry[]): Values {
  const byKey = new Map(entries.map((entry) => [entry.key, entry.value]));
  const values = Object.fromEntries(CONFIGURATION_KEYS.map((key) => [key, byKey.get(key) ?? ""])) as Values;
  const prices = priceSettingsOf(entries);
  return {
    ...values,
    show_availability: String(showsAvailability(byKey.get("show_availability"))),
    price_currency: prices.currency,
    price_vat_rate: String(prices.vatRate),
    show_prices: String(prices.shown),
    second_factor_required: String(requiresSecondFactor(byKey.get("second_factor_required"))),
    offer_validity_days: String(offerSettingsOf(entries).validityDays),
  };
}

/** How the switch's value reads in the list of another save's changes. */
const shownValue = (key: ConfigurationKey, value: string) => {
  if (key === "show_availability" || key === "show_prices" || key === "second_factor_required")
    return value === "true" ? "da" : "nu";
  return key === "price_vat_rate" ? `${Number(value) / PERCENT} %` : value;
};

/**
 * Spec §2 /admin/main/configuration: the primary contact (all required) and the second contact
 * (optional, but e-mail and phone together), with the rules of §5 from the API's own schema; and
 * the switch that shows the machines' availability on the public pages. The public top bar and
 * footer show the saved values on their next load.
 */
export default function Configuration({ loaderData }: Route.ComponentProps) {
  // The entries the form was filled from, with the versions a save names (decision 068).
  const [entries, setEntries] = useState(loaderData);
  const form = useSchemaForm(configurationSchema, valuesOf(entries), { validateInputOnChange: true });
  // Saving resets touched and dirty: the guard then lets the page go.
  useLeaveGuard(form.isTouched() && form.isDirty());
  const startFrom = (stored: ConfigurationEntry[]) => {
    setEntries(stored);
    const next = valuesOf(stored);
    form.setInitialValues(next);
    form.setValues(next);
    form.resetDirty(next);
    form.resetTouched();
  };
  const { submit, pending } = useFormSave(form, async (values) => {
    const normalized = configurationSchema.parse(values);
    const saved = await saveVersioned({
      basis: entries,
      send: (based, handled) => {
        const stored = new Map(based.map((entry) => [entry.key, entry]));
        const body = CONFIGURATION_KEYS.map((key) => {
          const entry = stored.get(key);
          return { uuid: entry?.uuid, key, value: normalized[key], version: entry?.version };
        });
        return api.put<ConfigurationEntry[]>("/api/configuration/update", body, { handled });
      },
      schema: z.array(configurationEntrySchema),
      changes: (basis, current) => {
        const before = valuesOf(basis);
        const after = valuesOf(current);
        return CONFIGURATION_KEYS.flatMap((key) =>
          textChange(labelOf(key), shownValue(key, before[key]), shownValue(key, after[key])),
        );
      },
      reload: startFrom,
    });
    if (!saved) return;
    toast.success(SUCCESS.configurationUpdated);
    startFrom(saved);
  });

  const field = (key: ContactKey) => (
    <TextInput key={key} {...FIELDS[key]} required={PRIMARY.includes(key)} {...form.getInputProps(key)} />
  );

  return (
    <Stack maw={560}>
      <ScreenTitle>Configurare</ScreenTitle>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Fieldset legend="Contact principal">
            <Stack>{PRIMARY.map(field)}</Stack>
          </Fieldset>
          <Fieldset legend="Al doilea contact (optional)">
            <Stack>{SECOND.map(field)}</Stack>
          </Fieldset>
          <Fieldset legend="Site public">
            <Switch
              {...SHOW_AVAILABILITY}
              checked={form.values.show_availability === "true"}
              onChange={(event) => form.setFieldValue("show_availability", String(event.currentTarget.checked))}
            />
          </Fieldset>
          <Fieldset legend="Preturi">
            <Stack>
              <Select
                label={PRICE_LABELS.price_currency}
                data={[...CURRENCIES]}
                allowDeselect={false}
                {...form.getInputProps("price_currency")}
              />
              <NumberInput
                label={PRICE_LABELS.price_vat_rate}
                description="Preturile se scriu fara TVA; cota se adauga la totaluri."
                min={0}
                max={100}
                decimalScale={2}
                decimalSeparator=","
                value={Number(form.values.price_vat_rate) / PERCENT}
                error={form.errors.price_vat_rate}
                onChange={(value) =>
                  form.setFieldValue(
                    "price_vat_rate",
                    typeof value === "number" ? String(Math.round(value * PERCENT)) : "",
                  )
                }
              />
              <Switch
                {...SHOW_PRICES}
                checked={form.values.show_prices === "true"}
                onChange={(event) => form.setFieldValue("show_prices", String(event.currentTarget.checked))}
              />
            </Stack>
          </Fieldset>
          <Fieldset legend="Securitate">
            <Switch
              {...SECOND_FACTOR_REQUIRED}
              checked={form.values.second_factor_required === "true"}
              onChange={(event) => form.setFieldValue("second_factor_required", String(event.currentTarget.checked))}
            />
          </Fieldset>
          <Fieldset legend="Oferte">
            <Stack>
              <NumberInput
                label={OFFER_LABELS.offer_validity_days}
                description="O oferta noua este valabila atatea zile, daca nu alegeti alta data."
                min={1}
                max={OFFER_VALIDITY_DAYS_MAX}
                allowDecimal={false}
                value={Number(form.values.offer_validity_days)}
                error={form.errors.offer_validity_days}
                onChange={(value) =>
                  form.setFieldValue("offer_validity_days", typeof value === "number" ? String(value) : "")
                }
              />
              {(["offer_terms", "offer_terms_en"] as const).map((key) => (
                <Textarea
                  key={key}
                  label={OFFER_LABELS[key]}
                  description="Apar pe oferta trimisa clientului, in limba lui."
                  autosize
                  minRows={3}
                  maxLength={CONFIGURATION_VALUE_MAX_LENGTH}
                  {...form.getInputProps(key)}
                />
              ))}
              {COMPANY_SETTING_KEYS.map((key) => (
                <TextInput
                  key={key}
                  label={COMPANY_FIELDS[key].label}
                  description={COMPANY_FIELDS[key].description}
                  autoComplete="off"
                  maxLength={CONFIGURATION_VALUE_MAX_LENGTH}
                  {...form.getInputProps(key)}
                />
              ))}
            </Stack>
          </Fieldset>
          <Group>
            <SaveButton pending={pending} disabled={!form.isValid()} />
          </Group>
        </Stack>
      </form>
      <FeedAddress />
      <RevisionHistory
        kind="configuration"
        item="configuration"
        onRestored={async () => startFrom(await api.get<ConfigurationEntry[]>("/api/configuration/all"))}
      />
    </Stack>
  );
}
