import { Alert, Stack, Text, Title } from "@mantine/core";
import type { OfferView } from "../../../common/offers/offer-schemas.ts";
import { formatDateTime } from "../ui/date-format.ts";

/**
 * The customer's answer on an offer's page (decision 097): who accepted and when, or why they
 * refused, with its proof (the address, the browser, the hash of the content they read); an
 * acceptance whose machines could not be confirmed is shown as the conflict the office must call about.
 */
export function OfferAnswer({ offer }: { offer: OfferView }) {
  const answer = offer.answer;
  if (!answer) return null;
  const accepted = offer.state === "acceptata";
  return (
    <Stack gap={4}>
      <Title order={2} size="h4">
        Răspunsul clientului
      </Title>
      {accepted && answer.booking_conflict && (
        <Alert color="red" title="Conflict de rezervare: sunați clientul astăzi">
          Un utilaj al ofertei a fost confirmat altcuiva între timp pentru unele zile. Acceptarea este înregistrată,
          rezervările ofertei au rămas tentative; clientul a citit că îl sunați astăzi.
        </Alert>
      )}
      <Text>
        {accepted ? `Acceptată de ${answer.name}` : "Refuzată"} la {formatDateTime(answer.answered_at)}
      </Text>
      {!accepted && <Text style={{ whiteSpace: "pre-line" }}>Motivul: {answer.reason || "—"}</Text>}
      <Text size="sm">Adresa: {answer.address}</Text>
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        Browser: {answer.user_agent || "—"}
      </Text>
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        Amprenta conținutului citit (SHA-256): {answer.content_hash}
      </Text>
    </Stack>
  );
}
