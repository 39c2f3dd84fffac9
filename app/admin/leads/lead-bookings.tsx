import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type {
  BookingAvailability,
  BookingView,
  LeadBookingsInput,
  OverbookedDay,
} from "../../../common/bookings/booking-schemas.ts";
import { isBookingDay, rangeProblem } from "../../../common/bookings/booking-days.ts";
import type { LeadItemView } from "../../../common/leads/lead-schemas.ts";
import { ApiError, api } from "../api/api-client.ts";
import { useApiAction } from "../api/use-api-action.ts";
import { SUCCESS } from "../ui/texts.ts";
import { toast } from "../ui/toasts.ts";
import { BOOKING_STATE_LABELS, availabilitySummary, formatRange } from "../bookings/booking-labels.ts";
import { PLANNER_PATH } from "../ui/screen-paths.ts";
import { formatDay } from "../ui/date-format.ts";
import { AdminTable } from "../ui/admin-table.tsx";

/** One machine of the request as the booking form holds it. */
interface ProposedBooking {
  key: string;
  productId: string;
  model: string;
  include: boolean;
  firstDay: string;
  lastDay: string;
  units: number | string;
}

function proposalOf(items: readonly LeadItemView[]): ProposedBooking[] {
  return items.map((item, index) => ({
    key: `${index}-${item.productId}`,
    productId: item.productId,
    model: item.model,
    // A machine deleted from the catalogue cannot be booked.
    include: item.publicPath !== null,
    firstDay: item.startDate ?? "",
    lastDay: item.endDate ?? "",
    units: item.units,
  }));
}

const rangeOk = (row: ProposedBooking) =>
  isBookingDay(row.firstDay) && isBookingDay(row.lastDay) && rangeProblem(row.firstDay, row.lastDay) === undefined;

/**
 * A request's bookings (decision 070): those made from it, and 'Rezervati', which proposes one
 * booking per machine of its quote list (its days and units), says for each whether it is free on
 * those days, asks the days of a machine without them, and makes them all in one call, tentative or
 * confirmed; a confirmation beyond the fleet is shown with its days, to be confirmed knowingly.
 */
export function LeadBookings({ leadId, items }: { leadId: string; items: readonly LeadItemView[] }) {
  const [bookings, setBookings] = useState<BookingView[] | null>(null);
  const [open, setOpen] = useState(false);
  // Bumped after bookings are made: the list is read again.
  const [made, setMade] = useState(0);
  useEffect(() => {
    let current = true;
    api
      .get<BookingView[]>(`/api/bookings?lead=${leadId}`)
      .then((found) => current && setBookings(found))
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [leadId, made]);

  return (
    <Stack gap="xs" component="section" aria-labelledby="lead-bookings">
      <Title order={2} size="h4" id="lead-bookings">
        Rezervari
      </Title>
      {bookings === null ? (
        <Text size="sm">Se incarca…</Text>
      ) : bookings.length === 0 ? (
        <Text size="sm">Nicio rezervare din aceasta cerere.</Text>
      ) : (
        <BookingsTable bookings={bookings} />
      )}
      {items.length > 0 && !open && (
        <Group>
          <Button onClick={() => setOpen(true)}>Rezervati</Button>
        </Group>
      )}
      {open && (
        <BookingProposal
          leadId={leadId}
          items={items}
          onDone={() => {
            setOpen(false);
            setMade((count) => count + 1);
          }}
          onCancel={() => setOpen(false)}
        />
      )}
    </Stack>
  );
}

function BookingsTable({ bookings }: { bookings: readonly BookingView[] }) {
  return (
    <AdminTable columns={["Utilaj", "Zile", "Unitati", "Stare"]} bordered>
      {bookings.map((booking) => (
        <Table.Tr key={booking.uuid}>
          <Table.Th scope="row" fw="normal">
            <Anchor component={Link} to={`${PLANNER_PATH}?booking=${booking.uuid}`} size="sm">
              {booking.product_model}
            </Anchor>
          </Table.Th>
          <Table.Td>{formatRange(booking.first_day, booking.last_day)}</Table.Td>
          <Table.Td>{booking.units}</Table.Td>
          <Table.Td>
            {BOOKING_STATE_LABELS[booking.state]}
            {booking.overbooked ? " (suprarezervat)" : ""}
          </Table.Td>
        </Table.Tr>
      ))}
    </AdminTable>
  );
}

function BookingProposal({
  leadId,
  items,
  onDone,
  onCancel,
}: {
  leadId: string;
  items: readonly LeadItemView[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const [rows, setRows] = useState(() => proposalOf(items));
  const [state, setState] = useState<"tentativ" | "confirmat">("tentativ");
  const [conflicts, setConflicts] = useState<OverbookedDay[] | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const { run, pending } = useApiAction();
  const change = (key: string, patch: Partial<ProposedBooking>) => {
    setConflicts(null);
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  };
  const chosen = rows.filter((row) => row.include);
  const ready = chosen.length > 0 && chosen.every(rangeOk);

  const send = (confirmOverbooking: boolean) =>
    run(
      async () => {
        const body: LeadBookingsInput = {
          state,
          confirm_overbooking: confirmOverbooking,
          items: chosen.map((row) => ({
            product_uuid: row.productId,
            units: Number(row.units),
            first_day: row.firstDay,
            last_day: row.lastDay,
          })),
        };
        await api.post<BookingView[]>(`/api/contact/requests/${leadId}/bookings`, body, {
          handled: ["BOOKING_OVERBOOKED"],
        });
        toast.success(SUCCESS.leadBooked);
        onDone();
      },
      (error: ApiError) => {
        if (error.codes.includes("BOOKING_OVERBOOKED"))
          setConflicts((error.error as { conflicts?: OverbookedDay[] }).conflicts ?? []);
        setFieldErrors(error.fields);
      },
    );

  return (
    <Stack
      gap="sm"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        void send(false);
      }}
      aria-label="Rezervarea utilajelor cererii"
    >
      {rows.map((row, index) => (
        <ProposalRow
          key={row.key}
          row={row}
          error={(field) => fieldErrors[`items.${chosen.indexOf(row)}.${field}`]}
          onChange={(patch) => change(row.key, patch)}
          position={index + 1}
        />
      ))}
      <Radio.Group
        label="Starea rezervarilor"
        value={state}
        onChange={(value) => {
          setConflicts(null);
          setState(value === "confirmat" ? "confirmat" : "tentativ");
        }}
      >
        <Group mt="xs">
          <Radio value="tentativ" label="Tentativ (nu este inca o promisiune)" />
          <Radio value="confirmat" label="Confirmat" />
        </Group>
      </Radio.Group>
      {conflicts && (
        <Alert color="red" title="Suprarezervare" role="alert">
          <Text size="sm">Confirmarea depaseste flota in zilele:</Text>
          <ul>
            {conflicts.map((conflict) => (
              <li key={`${conflict.product_uuid}-${conflict.day}`}>
                {rows.find((row) => row.productId === conflict.product_uuid)?.model}: {formatDay(conflict.day)} —{" "}
                {conflict.confirmed} unitati confirmate din {conflict.fleet}
              </li>
            ))}
          </ul>
          <Button color="red" variant="outline" onClick={() => void send(true)} loading={pending}>
            Confirmati suprarezervarea
          </Button>
        </Alert>
      )}
      <Group>
        <Button variant="default" onClick={onCancel} disabled={pending}>
          Renuntati
        </Button>
        <Button type="submit" disabled={!ready} loading={pending}>
          Creati rezervarile
        </Button>
      </Group>
    </Stack>
  );
}

function ProposalRow({
  row,
  position,
  error,
  onChange,
}: {
  row: ProposedBooking;
  position: number;
  error: (field: string) => string | undefined;
  onChange: (patch: Partial<ProposedBooking>) => void;
}) {
  // The answer for one query; shown only while the row still asks that query.
  const [answer, setAnswer] = useState<{ query: string; found: BookingAvailability | "gone" } | null>(null);
  const known = rangeOk(row);
  const query =
    known && row.include
      ? new URLSearchParams({ product: row.productId, from: row.firstDay, to: row.lastDay }).toString()
      : null;
  useEffect(() => {
    if (query === null) return;
    let current = true;
    api
      .get<BookingAvailability>(`/api/bookings/availability?${query}`, { quiet: true })
      .then((found) => current && setAnswer({ query, found }))
      .catch((failure: unknown) => {
        if (current && failure instanceof ApiError) setAnswer({ query, found: "gone" });
      });
    return () => {
      current = false;
    };
  }, [query]);
  const availability = answer && answer.query === query ? answer.found : null;

  const summary = !row.include
    ? "Nu se rezerva"
    : !known
      ? "Alegeti prima si ultima zi"
      : availability === null
        ? "Se verifica disponibilitatea…"
        : availability === "gone"
          ? "Utilajul nu mai exista in catalog"
          : `${availabilitySummary(availability.days)} (flota: ${availability.units})`;
  return (
    <Stack gap={4} component="fieldset" style={{ border: "1px solid var(--mantine-color-gray-4)", padding: 8 }}>
      <legend>
        {position}. {row.model}
      </legend>
      <Checkbox
        label="Rezervati acest utilaj"
        checked={row.include}
        onChange={(event) => onChange({ include: event.currentTarget.checked })}
      />
      <Group align="flex-start">
        <TextInput
          type="date"
          label="Prima zi"
          value={row.firstDay}
          required={row.include}
          error={error("first_day")}
          onChange={(event) => onChange({ firstDay: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="Ultima zi"
          value={row.lastDay}
          required={row.include}
          error={error("last_day")}
          onChange={(event) => onChange({ lastDay: event.currentTarget.value })}
        />
        <NumberInput
          label="Unitati"
          min={1}
          allowDecimal={false}
          allowNegative={false}
          value={row.units}
          error={error("units")}
          onChange={(value) => onChange({ units: value })}
        />
      </Group>
      <Text size="sm" role="status">
        {summary}
      </Text>
      {row.include && known && (
        <Text size="xs" c="dimmed">
          {formatRange(row.firstDay, row.lastDay)}
        </Text>
      )}
    </Stack>
  );
}
