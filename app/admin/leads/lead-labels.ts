import type { LeadDeliveryState, LeadStatus, LeadView } from "../../../common/leads/lead-schemas.ts";

/**
 * The inbox's Romanian words for a request's status and its e-mail's state, with colours that keep
 * AA contrast (theme shade 9).
 */
export const STATUS_LABELS: Record<LeadStatus, { label: string; color: string }> = {
  nou: { label: "Nou", color: "blue" },
  contactat: { label: "Contactat", color: "grape" },
  finalizat: { label: "Finalizat", color: "teal" },
};

export const DELIVERY_LABELS: Record<LeadDeliveryState, { label: string; color: string }> = {
  sent: { label: "Trimis", color: "teal" },
  pending: { label: "In asteptare", color: "gray" },
  failing: { label: "Esueaza", color: "red" },
};

/** 'Popescu Ion', or a stand-in when the visitor gave no name (only the e-mail or phone is required). */
export function leadName(lead: Pick<LeadView, "lastName" | "firstName">): string {
  return `${lead.lastName} ${lead.firstName}`.trim() || "(fara nume)";
}

/** A tel: link's number: digits and a leading plus only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/(?!^\+)[^\d]/g, "")}`;
}

/** A machine of a quote list that is no longer in the catalogue. */
export const DELETED_MACHINE = "sters din oferta";
