import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  TextInput,
  Textarea,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useNavigate } from "react-router";
import type { ProductView } from "../../../common/catalogue/catalogue-views.ts";
import { errorMessage } from "../../../common/errors/error-codes.ts";
import type { OfferView, OfferWriteInput } from "../../../common/offers/offer-schemas.ts";
import { api, type ApiError } from "../../admin/api/api-client.ts";
import { useApiAction } from "../../admin/api/use-api-action.ts";
import { adminLoader } from "../../admin/login/admin-loader.ts";
import { emptyLine, offerBody, offerValues, valuesOfOffer, type OfferValues } from "../../admin/offers/offer-form.ts";
import { OFFERS_PATH } from "../../admin/ui/screen-paths.ts";
import { ScreenTitle } from "../../admin/ui/screen-title.tsx";
import { toast } from "../../admin/ui/toasts.ts";
import type { Route } from "./+types/offer-edit";

export const meta = () => [{ title: "Ofertă — Administrare" }];

const BLANK: OfferWriteInput = {
  lead_uuid: null,
  customer_name: "",
  customer_company: "",
  customer_email: "",
  customer_phone: "",
  lang: "ro",
  valid_until: null,
  vat_rate: null,
  discount: 0,
  notes: "",
  lines: [],
};

export const clientLoader = adminLoader(async ({ params, request }) => {
  const machines = await api.get<ProductView[]>("/api/product");
  if (params.id) {
    const offer = await api.get<OfferView>(`/api/offers/${encodeURIComponent(params.id)}`);
    return {
      machines,
      id: offer.uuid,
      title: `Oferta ${offer.number} v${offer.offer_version}`,
      values: valuesOfOffer(offer),
    };
  }
  const lead = new URL(request.url).searchParams.get("cerere");
  const body = lead ? await api.get<OfferWriteInput>(`/api/offers/draft?request=${encodeURIComponent(lead)}`) : BLANK;
  const values = offerValues(body);
  return {
    machines,
    id: null,
    title: "Ofertă nouă",
    values: values.lines.length > 0 ? values : { ...values, lines: [emptyLine("machine")] },
  };
});

/**
 * The offer editor (decision 094): /admin/main/oferte/noua (from scratch, or `?cerere=<id>`
 * prefilled from a request) and /admin/main/oferte/:id/editare (a draft). A machine line's amount
 * left empty is the pricing rule's; the server prices, checks and adds up, and its codes are shown
 * at their fields.
 */
export default function OfferEdit({ loaderData }: Route.ComponentProps) {
  const { machines, id, title, values } = loaderData;
  const navigate = useNavigate();
  const form = useForm<OfferValues>({ initialValues: values });
  const { run, pending } = useApiAction();
  const machineOptions = [
    { value: "", label: "Alegeți utilajul" },
    ...machines.map((machine) => ({ value: machine.uuid, label: machine.model })),
  ];

  const save = form.onSubmit((current) =>
    run(
      async () => {
        const body = offerBody(current);
        const saved = id
          ? await api.put<OfferView>(`/api/offers/${id}`, body, { quiet: true })
          : await api.post<OfferView>("/api/offers", body, { quiet: true });
        toast.success("Oferta a fost salvată.");
        await navigate(`${OFFERS_PATH}/${saved.uuid}`);
      },
      (error: ApiError) => {
        const fields = Object.entries(error.fields);
        if (fields.length === 0) {
          const [code] = error.codes;
          toast.error(code ? errorMessage(code) : "Oferta nu a fost salvată.");
          return;
        }
        form.setErrors(Object.fromEntries(fields.map(([path, code]) => [path, errorMessage(code)])));
        toast.error("Oferta nu a fost salvată: corectați câmpurile marcate.");
      },
    ),
  );

  return (
    <Stack maw={880}>
      <ScreenTitle>{title}</ScreenTitle>
      <form onSubmit={save} noValidate>
        <Stack>
          <Fieldset legend="Client">
            <Stack>
              <TextInput label="Nume" required {...form.getInputProps("customer_name")} />
              <TextInput label="Firmă" {...form.getInputProps("customer_company")} />
              <Group grow>
                <TextInput label="E-mail" type="email" {...form.getInputProps("customer_email")} />
                <TextInput label="Telefon" type="tel" {...form.getInputProps("customer_phone")} />
              </Group>
              <NativeSelect
                label="Limba clientului"
                data={[
                  { value: "ro", label: "Română" },
                  { value: "en", label: "Engleză" },
                ]}
                {...form.getInputProps("lang")}
              />
            </Stack>
          </Fieldset>
          <Fieldset legend="Linii">
            <Stack>
              {form.values.lines.map((line, index) => (
                <Fieldset key={index} legend={`Linia ${index + 1}`} variant="filled">
                  <Stack gap="xs">
                    {line.kind === "machine" ? (
                      <>
                        <NativeSelect
                          label="Utilaj"
                          data={machineOptions}
                          {...form.getInputProps(`lines.${index}.product_uuid`)}
                        />
                        <Group grow>
                          <TextInput label="Prima zi" type="date" {...form.getInputProps(`lines.${index}.first_day`)} />
                          <TextInput label="Ultima zi" type="date" {...form.getInputProps(`lines.${index}.last_day`)} />
                          <NumberInput
                            label="Unități"
                            min={1}
                            allowDecimal={false}
                            {...form.getInputProps(`lines.${index}.units`)}
                          />
                        </Group>
                        <Checkbox
                          label="Cu operator"
                          {...form.getInputProps(`lines.${index}.with_operator`, { type: "checkbox" })}
                        />
                      </>
                    ) : (
                      <TextInput label="Descriere" {...form.getInputProps(`lines.${index}.description`)} />
                    )}
                    <Group grow align="start">
                      <TextInput
                        label="Sumă (lei, fără TVA)"
                        description={
                          line.kind === "machine" ? "Goală: tariful utilajului pentru zilele alese." : undefined
                        }
                        inputMode="decimal"
                        {...form.getInputProps(`lines.${index}.amount`)}
                      />
                      <NumberInput
                        label="Reducere (%)"
                        min={0}
                        max={100}
                        decimalScale={2}
                        decimalSeparator=","
                        {...form.getInputProps(`lines.${index}.discount`)}
                      />
                    </Group>
                    <Group>
                      <Button variant="subtle" color="red" onClick={() => form.removeListItem("lines", index)}>
                        Ștergeți linia {index + 1}
                      </Button>
                    </Group>
                  </Stack>
                </Fieldset>
              ))}
              {typeof form.errors.lines === "string" && (
                <div role="alert" style={{ color: "var(--mantine-color-error)" }}>
                  {form.errors.lines}
                </div>
              )}
              <Group>
                <Button variant="default" onClick={() => form.insertListItem("lines", emptyLine("machine"))}>
                  Adăugați utilaj
                </Button>
                <Button variant="default" onClick={() => form.insertListItem("lines", emptyLine("free"))}>
                  Adăugați linie liberă
                </Button>
              </Group>
            </Stack>
          </Fieldset>
          <Fieldset legend="Totaluri și valabilitate">
            <Group grow align="start">
              <NumberInput
                label="Reducere pe toată oferta (%)"
                min={0}
                max={100}
                decimalScale={2}
                decimalSeparator=","
                {...form.getInputProps("discount")}
              />
              <TextInput
                label="Cota TVA (%)"
                description="Goală: cota din Configurare."
                inputMode="decimal"
                {...form.getInputProps("vat_rate")}
              />
              <TextInput
                label="Valabilă până la"
                description="Goală: valabilitatea din Configurare."
                type="date"
                {...form.getInputProps("valid_until")}
              />
            </Group>
          </Fieldset>
          <Textarea label="Note" autosize minRows={2} {...form.getInputProps("notes")} />
          <Group>
            <Button type="submit" loading={pending}>
              Salvați oferta
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
