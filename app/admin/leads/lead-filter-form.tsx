import { Anchor, Button, Group, NativeSelect, SimpleGrid, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import type { CategoryView, ProductView } from "../../../common/catalogue/catalogue-views.ts";
import { romanianDay } from "../../../common/days/romanian-day.ts";
import { LEAD_SEARCH_MAX_LENGTH, LEAD_STATUSES, type LeadItemView } from "../../../common/leads/lead-schemas.ts";
import { OFFER_STATES, OFFER_STATE_LABELS } from "../../../common/offers/offer-states.ts";
import type { LeadWithOfferFilter as LeadFilter } from "../../../common/offers/lead-offers.ts";
import { ANY, categoryOptions, machineOptions } from "./filter-options.ts";
import { STATUS_LABELS } from "./lead-labels.ts";
import { isFiltered, readLeadQuery } from "./lead-query.ts";
import { LEADS_PATH } from "../ui/screen-paths.ts";
import { CHOSEN_START, START_CHOICES, asStartChoice, startChoiceOf, startDaysOf } from "./start-window.ts";

interface LeadFilterFormProps {
  filter: LeadFilter;
  products: readonly ProductView[];
  categories: readonly CategoryView[];
  /** The machines of the requests listed: they name a filtered machine no longer in the catalogue. */
  listed: readonly LeadItemView[];
  onApply: (filter: LeadFilter) => void;
}

/**
 * The inbox's filter: a search over name, e-mail, phone and city, the status, a machine or a
 * category of the quote list, when a machine is wanted (a window from today, or days picked), the
 * days the request came in and the state of its newest offer. It answers with the filter as the API's schema reads it: a day
 * field the browser could not fill is left out, as the address would drop it.
 */
export function LeadFilterForm({ filter, products, categories, listed, onApply }: LeadFilterFormProps) {
  const today = romanianDay();
  const [startChoice, setStartChoice] = useState(() => startChoiceOf(filter, today));

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const field = (name: string) => String(fields.get(name) ?? "");
    const start = startDaysOf(startChoice, today, { startFrom: field("startFrom"), startTo: field("startTo") });
    const params = new URLSearchParams({
      q: field("q"),
      status: field("status"),
      product: field("product"),
      category: field("category"),
      startFrom: start.startFrom ?? "",
      startTo: start.startTo ?? "",
      receivedFrom: field("receivedFrom"),
      receivedTo: field("receivedTo"),
      offer: field("offer"),
    });
    onApply(readLeadQuery(params));
  };

  return (
    <form role="search" aria-label="Cautare cereri" onSubmit={apply}>
      {/* Two columns already on a phone: the list starts within the first screen. */}
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          style={{ gridColumn: "span 2" }}
          name="q"
          type="search"
          label="Cautare"
          description="Nume, e-mail, telefon sau localitate"
          defaultValue={filter.q ?? ""}
          maxLength={LEAD_SEARCH_MAX_LENGTH}
        />
        <NativeSelect
          name="status"
          label="Stare"
          defaultValue={filter.status ?? ""}
          data={[
            { value: "", label: "Toate" },
            ...LEAD_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status].label })),
          ]}
        />
        <NativeSelect
          name="offer"
          label="Ofertă"
          defaultValue={filter.offer ?? ""}
          data={[
            { value: "", label: "Toate" },
            { value: "none", label: "Fără ofertă" },
            ...OFFER_STATES.filter((state) => state !== "inlocuita").map((state) => ({
              value: state,
              label: OFFER_STATE_LABELS[state],
            })),
          ]}
        />
        <NativeSelect
          name="product"
          label="Utilaj cerut"
          defaultValue={filter.product ?? ANY}
          data={machineOptions(products, filter.product, listed)}
        />
        <NativeSelect
          name="category"
          label="Categorie ceruta"
          defaultValue={filter.category ?? ANY}
          data={categoryOptions(categories, filter.category, listed)}
        />
        <NativeSelect
          label="Utilaj dorit de la"
          value={startChoice}
          onChange={(event) => setStartChoice(asStartChoice(event.currentTarget.value))}
          data={START_CHOICES}
        />
        {startChoice === CHOSEN_START && (
          <>
            <TextInput
              name="startFrom"
              type="date"
              label="Incepe cel mai devreme pe"
              defaultValue={filter.startFrom ?? ""}
            />
            <TextInput
              name="startTo"
              type="date"
              label="Incepe cel mai tarziu pe"
              defaultValue={filter.startTo ?? ""}
            />
          </>
        )}
        <TextInput name="receivedFrom" type="date" label="Primita din ziua" defaultValue={filter.receivedFrom ?? ""} />
        <TextInput name="receivedTo" type="date" label="Primita pana in ziua" defaultValue={filter.receivedTo ?? ""} />
      </SimpleGrid>
      <Group mt="md" gap="md">
        <Button type="submit" variant="default" leftSection={<IconSearch size={18} aria-hidden="true" />}>
          Cautati
        </Button>
        {isFiltered(filter) && (
          <Anchor component={Link} to={LEADS_PATH} size="sm">
            Toate cererile
          </Anchor>
        )}
      </Group>
    </form>
  );
}
