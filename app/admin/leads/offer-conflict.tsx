import { Alert, Anchor, Badge } from "@mantine/core";
import { Link } from "react-router";
import type { LeadView } from "../../../common/leads/lead-schemas.ts";
import { OFFERS_PATH } from "../ui/screen-paths.ts";

/**
 * A request whose offer the customer accepted but whose machines could not all be confirmed
 * (decision 097): the inbox's row shows it as a badge, the request's page as an alert, both leading
 * to the offer.
 */
export function OfferConflictBadge({ conflict }: { conflict: LeadView["offerConflict"] }) {
  if (!conflict) return null;
  return (
    <Anchor component={Link} to={`${OFFERS_PATH}/${conflict.uuid}`} underline="never">
      <Badge color="red" miw="max-content">
        Conflict rezervare {conflict.number}
      </Badge>
    </Anchor>
  );
}

export function OfferConflictAlert({ conflict }: { conflict: LeadView["offerConflict"] }) {
  if (!conflict) return null;
  return (
    <Alert color="red" title="Ofertă acceptată cu conflict de rezervare" role="note">
      Clientul a acceptat oferta{" "}
      <Anchor component={Link} to={`${OFFERS_PATH}/${conflict.uuid}`}>
        {conflict.number}
      </Anchor>
      , dar un utilaj a fost confirmat altcuiva între timp: rezervările au rămas tentative. Sunați clientul astăzi.
    </Alert>
  );
}
