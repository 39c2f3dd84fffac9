import { Anchor } from "@mantine/core";
import { Link } from "react-router";
import type { OfferSummary } from "../../../common/offers/offer-schemas.ts";
import { OFFERS_PATH } from "../ui/screen-paths.ts";

/** An offer version named as the office says it, "OF-2026-0007 v2", linking to its page. */
export function OfferNumberLink({ offer }: { offer: Pick<OfferSummary, "uuid" | "number" | "offer_version"> }) {
  return (
    <Anchor component={Link} to={`${OFFERS_PATH}/${offer.uuid}`}>
      {offer.number} v{offer.offer_version}
    </Anchor>
  );
}
