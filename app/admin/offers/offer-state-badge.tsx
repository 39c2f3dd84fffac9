import { Badge } from "@mantine/core";
import { OFFER_STATE_LABELS, type OfferState } from "../../../common/offers/offer-states.ts";

/** Where an offer stands at a glance: a sent one waits (blue), an accepted one is won (green), a closed one is grey. */
const COLORS: Record<OfferState, string> = {
  ciorna: "yellow",
  trimisa: "blue",
  acceptata: "green",
  refuzata: "red",
  expirata: "gray",
  anulata: "gray",
  inlocuita: "gray",
};

/** An offer's state as the offers' and the requests' screens show it (decision 096); none: "Fără ofertă". */
export function OfferStateBadge({ state }: { state: OfferState | null }) {
  // A badge keeps its whole word: a table's automatic layout would cut it.
  return state === null ? (
    <Badge variant="outline" color="gray" miw="max-content">
      Fără ofertă
    </Badge>
  ) : (
    // Yellow's own text on its light background is 2.7:1; a draft's badge keeps the yellow with dark text.
    <Badge variant="light" color={COLORS[state]} c={state === "ciorna" ? "dark.7" : undefined} miw="max-content">
      {OFFER_STATE_LABELS[state]}
    </Badge>
  );
}
