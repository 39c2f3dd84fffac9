import { Button, Group, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { BookingView } from "../../../common/bookings/booking-schemas.ts";
import type { CategoryView, ProductView } from "../../../common/catalogue/catalogue-views.ts";
import { addDays, mondayOf, romanianDay } from "../../../common/days/romanian-day.ts";
import { foldForSearch } from "../../../common/text/search-folding.ts";
import { ApiError, api } from "../../admin/api/api-client.ts";
import { formatRange } from "../../admin/bookings/booking-labels.ts";
import { BookingForm, type BookingFormStart } from "../../admin/bookings/booking-form.tsx";
import { saveWithOverbookingQuestion } from "../../admin/bookings/overbooking-question.ts";
import { PlannerDays, PlannerMachine, type BarActions } from "../../admin/bookings/planner-grid.tsx";
import { PLANNER_WEEKS, moved, resized } from "../../admin/bookings/planner-model.ts";
import { adminLoader } from "../../admin/login/admin-loader.ts";
import { confirm } from "../../admin/ui/confirm.ts";
import { ScreenTitle } from "../../admin/ui/screen-title.tsx";
import "../../admin/bookings/planner.css";
import type { Route } from "./+types/planner";

export const meta = () => [{ title: "Planificare — Administrare" }];

const DEFAULT_WEEKS = 4;

const bookingsOf = (first: string, weeks: number) =>
  api.get<BookingView[]>(`/api/bookings?from=${first}&to=${addDays(first, weeks * 7 - 1)}`);

/**
 * `?booking=<id>` (a request's page links its bookings so) opens at that booking's week, focused on
 * it; `?weeks=` (2, 4, 8 or 12) chooses the width.
 */
export const clientLoader = adminLoader(async ({ request }) => {
  const query = new URL(request.url).searchParams;
  const asked = query.get("booking");
  const weeks = PLANNER_WEEKS.find((count) => String(count) === query.get("weeks")) ?? DEFAULT_WEEKS;
  const shown = asked
    ? await api.get<BookingView>(`/api/bookings/${encodeURIComponent(asked)}`).catch(() => null)
    : null;
  const first = mondayOf(shown?.first_day ?? romanianDay());
  const [products, categories, bookings] = await Promise.all([
    api.get<ProductView[]>("/api/product"),
    api.get<CategoryView[]>("/api/category"),
    bookingsOf(first, weeks),
  ]);
  return {
    first,
    weeks,
    products,
    categories,
    bookings,
    focus: shown?.state === "anulat" ? null : (shown?.uuid ?? null),
  };
});

/**
 * /admin/main/planificare (decision 072): the machines, by category, against 2 to 12 weeks of days;
 * each booking a bar that the keyboard moves (arrows), stretches (Shift+arrows), opens (Enter) and
 * cancels (Delete), the mouse opens; every change said aloud; new bookings from 'Rezervare noua', from
 * a machine's days dragged over, or Enter on one of them.
 */
const NO_BOOKINGS: readonly BookingView[] = [];

function byMachine(bookings: readonly BookingView[]): Map<string, readonly BookingView[]> {
  const map = new Map<string, BookingView[]>();
  for (const booking of bookings) map.set(booking.product_uuid, [...(map.get(booking.product_uuid) ?? []), booking]);
  return map;
}

function focusBar(bookingId: string | null): void {
  if (bookingId) document.querySelector<HTMLElement>(`[data-booking="${bookingId}"]`)?.focus();
}

export default function Planner({ loaderData }: Route.ComponentProps) {
  const [first, setFirst] = useState(loaderData.first);
  const [weeks, setWeeks] = useState<number>(loaderData.weeks);
  // Per machine: a change replaces one machine's list, so only its row renders again.
  const [byProduct, setByProduct] = useState(() => byMachine(loaderData.bookings));
  const [category, setCategory] = useState("");
  const [search, setSearch] = useState("");
  const [form, setForm] = useState<BookingFormStart | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const refocus = useRef<string | null>(null);
  // What opened the form gets the focus back when it closes unsaved (the form unmounts with it).
  const opener = useRef<HTMLElement | null>(null);
  const openForm = useCallback((start: BookingFormStart) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setForm(start);
  }, []);
  const days = weeks * 7;

  const reload = useCallback(
    async (from: string, count: number) => setByProduct(byMachine(await bookingsOf(from, count))),
    [],
  );
  const showWindow = (from: string, count: number) => {
    setFirst(from);
    setWeeks(count);
    void reload(from, count);
  };

  useEffect(() => {
    if (!loaderData.focus) return;
    // After the shell has moved the focus to the heading: its effect runs after this screen's.
    const timer = setTimeout(() => focusBar(loaderData.focus), 0);
    return () => clearTimeout(timer);
  }, [loaderData.focus]);

  useEffect(() => {
    if (form !== null || !opener.current) return;
    opener.current.focus();
    opener.current = null;
  }, [form]);

  useEffect(() => {
    if (!refocus.current) return;
    focusBar(refocus.current);
    refocus.current = null;
  });

  const store = useCallback((saved: BookingView, words: string) => {
    setByProduct((current) => {
      const next = new Map(current);
      const others = (next.get(saved.product_uuid) ?? []).filter((booking) => booking.uuid !== saved.uuid);
      next.set(saved.product_uuid, [...others, saved]);
      return next;
    });
    refocus.current = saved.uuid;
    setAnnouncement(words);
  }, []);

  const actions: BarActions = useMemo(() => {
    const change = async (booking: BookingView, days: { first_day: string; last_day: string }, what: string) => {
      try {
        const saved = await saveWithOverbookingQuestion((confirmOverbooking) =>
          api.put<BookingView>(
            `/api/bookings/${booking.uuid}`,
            { ...days, version: booking.version, confirm_overbooking: confirmOverbooking },
            { handled: ["BOOKING_OVERBOOKED"] },
          ),
        );
        if (saved) store(saved, `${saved.product_model}: ${what} ${formatRange(saved.first_day, saved.last_day)}`);
        else setAnnouncement(`${booking.product_model}: rezervarea nu a fost schimbata`);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        setAnnouncement(`${booking.product_model}: rezervarea nu a fost schimbata`);
        if (error.codes.includes("ERROR_EDIT_CONFLICT")) await reload(first, weeks);
      }
    };
    return {
      onMove: (booking, by) => void change(booking, moved(booking, by), "mutata pe"),
      onResize: (booking, by) => {
        const next = resized(booking, by);
        if (next) void change(booking, next, "acum pe");
      },
      onOpen: (booking) => openForm({ kind: "edit", booking }),
      onCreate: (productId, firstDay, lastDay) => openForm({ kind: "new", productId, firstDay, lastDay }),
      onAnnounce: setAnnouncement,
      onCancel: (booking) =>
        void (async () => {
          const sure = await confirm({
            title: "Anulare rezervare",
            message: `Anulati rezervarea ${booking.product_model}, ${formatRange(booking.first_day, booking.last_day)}? Ea ramane in istoric, ca anulata.`,
            confirmLabel: "Anulati rezervarea",
            cancelLabel: "Renuntati",
            danger: true,
          });
          if (!sure) return;
          const saved = await api.post<BookingView>(`/api/bookings/${booking.uuid}/cancel`, {
            version: booking.version,
          });
          store(
            saved,
            `${saved.product_model}: rezervarea din ${formatRange(saved.first_day, saved.last_day)} a fost anulata`,
          );
        })(),
    };
  }, [store, reload, openForm, first, weeks]);

  const needle = foldForSearch(search.trim());
  const groups = loaderData.categories
    .filter((group) => category === "" || group.uuid === category)
    .map((group) => ({
      group,
      rows: loaderData.products
        .filter((product) => product.category_uuid === group.uuid)
        .filter((product) => needle === "" || foldForSearch(product.model).includes(needle)),
    }))
    .filter((entry) => entry.rows.length > 0);

  return (
    <Stack gap="md">
      <ScreenTitle>Planificare</ScreenTitle>
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label="Categorie"
          value={category}
          data={[
            { value: "", label: "Toate categoriile" },
            ...loaderData.categories.map((group) => ({ value: group.uuid, label: group.name })),
          ]}
          onChange={(event) => setCategory(event.currentTarget.value)}
        />
        <TextInput label="Cautare model" value={search} onChange={(event) => setSearch(event.currentTarget.value)} />
        <NativeSelect
          label="Perioada"
          value={String(weeks)}
          data={PLANNER_WEEKS.map((count) => ({ value: String(count), label: `${count} saptamani` }))}
          onChange={(event) => showWindow(first, Number(event.currentTarget.value))}
        />
        <Button variant="default" onClick={() => showWindow(addDays(first, -7), weeks)}>
          Saptamana anterioara
        </Button>
        <Button variant="default" onClick={() => showWindow(addDays(first, 7), weeks)}>
          Saptamana urmatoare
        </Button>
        <Button
          onClick={() => openForm({ kind: "new", productId: "", firstDay: romanianDay(), lastDay: romanianDay() })}
        >
          Rezervare noua
        </Button>
      </Group>
      <Text size="sm">
        {formatRange(first, addDays(first, days - 1))}. Fiecare rezervare este un buton: C = confirmat (plin), T =
        tentativ (hasurat), urmat de unitati; „!” = suprarezervat. Cu tastatura: sagetile mut rezervarea o zi,
        Shift+sagetile schimba ultima zi, Enter deschide formularul, Delete o anuleaza. Cu mouse-ul: trageti rezervarea
        sau marginea ei din dreapta. O rezervare noua: trageti peste zilele unui utilaj, sau Enter pe o zi a lui (Tab
        ajunge la zilele randului, sagetile aleg ziua).
      </Text>
      <div className="planner-hidden" aria-live="polite" role="status">
        {announcement}
      </div>
      <div className="planner-scroll">
        <PlannerDays first={first} days={days} />
        {groups.map(({ group, rows }) => (
          <section key={group.uuid} aria-label={group.name}>
            <Text fw={700} mt="sm" component="h2" size="md">
              {group.name}
            </Text>
            {rows.map((product) => (
              <PlannerMachine
                key={product.uuid}
                productId={product.uuid}
                model={product.model}
                units={product.units}
                bookings={byProduct.get(product.uuid) ?? NO_BOOKINGS}
                first={first}
                days={days}
                actions={actions}
              />
            ))}
          </section>
        ))}
      </div>
      {form && (
        <BookingForm
          start={form}
          machines={loaderData.products.map((product) => ({ uuid: product.uuid, model: product.model }))}
          onClose={() => setForm(null)}
          onSaved={(saved) => {
            // The saved booking's bar takes the focus instead.
            opener.current = null;
            setForm(null);
            store(saved, `${saved.product_model}: rezervare salvata, ${formatRange(saved.first_day, saved.last_day)}`);
          }}
        />
      )}
    </Stack>
  );
}
