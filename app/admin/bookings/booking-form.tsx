import {
  Anchor,
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Radio,
  Stack,
  TextInput,
  Textarea,
} from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { BOOKING_NOTE_MAX_LENGTH, type BookingView } from "../../../common/bookings/booking-schemas.ts";
import { errorMessage, type ErrorCode } from "../../../common/errors/error-codes.ts";
import { ApiError, api } from "../api/api-client.ts";
import { LEADS_PATH } from "../ui/screen-paths.ts";
import { saveWithOverbookingQuestion } from "./overbooking-question.ts";

export interface PlannedMachine {
  uuid: string;
  model: string;
}

/** What the form starts from: a booking to change, or a new one's machine and days. */
export type BookingFormStart =
  { kind: "edit"; booking: BookingView } | { kind: "new"; productId: string; firstDay: string; lastDay: string };

/**
 * A booking's form in the planner (decision 072): days, units, state and note; a new one names its
 * machine. The save meets the overbooking rule's question; field codes show under their fields.
 */
export function BookingForm({
  start,
  machines,
  onSaved,
  onClose,
}: {
  start: BookingFormStart;
  machines: readonly PlannedMachine[];
  onSaved: (booking: BookingView) => void;
  onClose: () => void;
}) {
  const editing = start.kind === "edit" ? start.booking : undefined;
  const [productId, setProductId] = useState(editing?.product_uuid ?? (start.kind === "new" ? start.productId : ""));
  const [firstDay, setFirstDay] = useState(editing?.first_day ?? (start.kind === "new" ? start.firstDay : ""));
  const [lastDay, setLastDay] = useState(editing?.last_day ?? (start.kind === "new" ? start.lastDay : ""));
  const [units, setUnits] = useState<number | string>(editing?.units ?? 1);
  const [state, setState] = useState<"tentativ" | "confirmat">(
    editing?.state === "confirmat" ? "confirmat" : "tentativ",
  );
  const [note, setNote] = useState(editing?.note ?? "");
  const [errors, setErrors] = useState<Record<string, ErrorCode>>({});
  const [pending, setPending] = useState(false);
  const message = (field: string) => (errors[field] ? errorMessage(errors[field]) : undefined);

  const save = async () => {
    setPending(true);
    setErrors({});
    try {
      const fields = { first_day: firstDay, last_day: lastDay, units: Number(units), state, note };
      const saved = await saveWithOverbookingQuestion((confirmOverbooking) =>
        editing
          ? api.put<BookingView>(
              `/api/bookings/${editing.uuid}`,
              { ...fields, version: editing.version, confirm_overbooking: confirmOverbooking },
              { quiet: true, handled: ["BOOKING_OVERBOOKED"] },
            )
          : api.post<BookingView>(
              "/api/bookings",
              { ...fields, product_uuid: productId, confirm_overbooking: confirmOverbooking },
              { quiet: true, handled: ["BOOKING_OVERBOOKED"] },
            ),
      );
      if (saved) onSaved(saved);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setErrors(Object.keys(error.fields).length > 0 ? error.fields : { form: error.codes[0] ?? "ERROR_BAD_REQUEST" });
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ "aria-label": "Inchideti" }}
      title={editing ? `Rezervare: ${editing.product_model}` : "Rezervare noua"}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          {!editing && (
            <NativeSelect
              label="Utilaj"
              required
              value={productId}
              error={message("product_uuid")}
              data={[
                { value: "", label: "Alegeti un utilaj", disabled: true },
                ...machines.map((machine) => ({ value: machine.uuid, label: machine.model })),
              ]}
              onChange={(event) => setProductId(event.currentTarget.value)}
            />
          )}
          <Group grow align="flex-start">
            <TextInput
              type="date"
              label="Prima zi"
              required
              value={firstDay}
              error={message("first_day")}
              onChange={(event) => setFirstDay(event.currentTarget.value)}
            />
            <TextInput
              type="date"
              label="Ultima zi"
              required
              value={lastDay}
              error={message("last_day")}
              onChange={(event) => setLastDay(event.currentTarget.value)}
            />
          </Group>
          <NumberInput
            label="Unitati"
            min={1}
            allowDecimal={false}
            allowNegative={false}
            value={units}
            error={message("units")}
            onChange={setUnits}
          />
          <Radio.Group
            label="Stare"
            value={state}
            onChange={(value) => setState(value === "confirmat" ? "confirmat" : "tentativ")}
          >
            <Group mt="xs">
              <Radio value="tentativ" label="Tentativ" />
              <Radio value="confirmat" label="Confirmat" />
            </Group>
          </Radio.Group>
          <Textarea
            label="Nota"
            maxLength={BOOKING_NOTE_MAX_LENGTH}
            value={note}
            error={message("note")}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          {editing?.lead_uuid && (
            <Anchor component={Link} to={`${LEADS_PATH}/${editing.lead_uuid}`} size="sm">
              Cererea de oferta din care vine rezervarea
            </Anchor>
          )}
          {errors.form && <div role="alert">{message("form")}</div>}
          <Group>
            <Button variant="default" onClick={onClose} disabled={pending}>
              Renuntati
            </Button>
            <Button type="submit" loading={pending}>
              Salvare
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
