import { Alert, Button, List, Stack, Text } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage, type ErrorCode } from "../../../common/errors/error-codes.ts";
import type { OfferView } from "../../../common/offers/offer-schemas.ts";
import { api, type ApiError } from "../api/api-client.ts";
import { useApiAction } from "../api/use-api-action.ts";
import { confirm } from "../ui/confirm.ts";
import { formatDateTime, formatDay } from "../ui/date-format.ts";
import { toast } from "../ui/toasts.ts";

/**
 * Sending an offer from its page (decision 096): "Trimiteți oferta", after a confirmation that names
 * the recipient, the language and what happens to the machines; disabled, with its reason, when the
 * offer is not a draft or has no e-mail. A refusal is shown on the page by its code, a line's with
 * the line's number.
 */

const LANGUAGES = { ro: "română", en: "engleză" } as const;

/** Why the offer cannot be sent; null when it can. */
function whyNotSendable(offer: OfferView): string | null {
  if (offer.state !== "ciorna")
    return "Doar o ciornă poate fi trimisă; o ofertă trimisă se schimbă printr-o versiune nouă.";
  if (offer.customer_email === "") return "Oferta nu are adresa de e-mail a clientului: completați-o în ciornă.";
  return null;
}

/** A refusal's messages: a line's code names its line ("Linia 2: …"). */
function refusalMessages(error: ApiError): string[] {
  const fields = Object.entries(error.fields);
  if (fields.length === 0) return error.codes.map((code) => errorMessage(code));
  return fields.map(([path, code]: [string, ErrorCode]) => {
    const line = /^lines\.(\d+)\./.exec(path);
    return line ? `Linia ${Number(line[1]) + 1}: ${errorMessage(code)}` : errorMessage(code);
  });
}

export function SendOffer({ offer, onSent }: { offer: OfferView; onSent: () => Promise<void> }) {
  const { run, pending } = useApiAction();
  const [refusal, setRefusal] = useState<string[]>([]);
  const reason = whyNotSendable(offer);

  const send = () =>
    run(
      async () => {
        setRefusal([]);
        const confirmed = await confirm({
          title: "Trimiteți oferta?",
          message:
            `Oferta ${offer.number} v${offer.offer_version} va fi trimisă pe e-mail la ${offer.customer_email}, ` +
            `în limba ${LANGUAGES[offer.lang]}, cu PDF-ul atașat și un link personal. Utilajele ei vor fi rezervate ` +
            `tentativ până la răspunsul clientului sau până la ${formatDay(offer.valid_until)}. Oferta trimisă nu se mai schimbă.`,
          confirmLabel: "Trimiteți",
          cancelLabel: "Renunțați",
        });
        if (!confirmed) return;
        await api.post<OfferView>(`/api/offers/${offer.uuid}/send`, undefined, { quiet: true });
        toast.success(`Oferta a fost trimisă la ${offer.customer_email}.`);
        await onSent();
      },
      (error) => setRefusal(refusalMessages(error)),
    );

  return (
    <Stack gap="xs" align="flex-start">
      <Button
        leftSection={<IconSend size={18} aria-hidden="true" />}
        onClick={() => void send()}
        loading={pending}
        disabled={reason !== null}
        aria-describedby={reason === null ? undefined : "send-offer-reason"}
      >
        Trimiteți oferta
      </Button>
      {reason !== null && (
        <Text size="sm" id="send-offer-reason">
          {reason}
        </Text>
      )}
      {refusal.length > 0 && (
        <Alert color="red" title="Oferta nu a fost trimisă" role="alert">
          <List size="sm">
            {refusal.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}

/** What was sent, once it was: to whom, when, in which language, the PDF and the link, the machines held. */
export function SentSummary({ offer }: { offer: OfferView }) {
  if (offer.sent_at === null) return null;
  const machines = offer.lines.filter((line) => line.kind === "machine").length;
  return (
    <Alert color="blue" title="Trimisă clientului" role="note">
      <Text size="sm">
        Trimisă la <time dateTime={offer.sent_at}>{formatDateTime(offer.sent_at)}</time>, pe e-mail la{" "}
        {offer.customer_email}, în limba {LANGUAGES[offer.lang]}: PDF-ul {offer.number}-v{offer.offer_version}.pdf
        atașat și linkul personal al ofertei, unde clientul o poate accepta sau refuza.
      </Text>
      {machines > 0 && (
        <Text size="sm">
          {machines === 1 ? "Utilajul ei a fost rezervat" : `Cele ${machines} utilaje ale ei au fost rezervate`}{" "}
          tentativ până la răspuns sau până la {formatDay(offer.valid_until)}.
        </Text>
      )}
    </Alert>
  );
}
