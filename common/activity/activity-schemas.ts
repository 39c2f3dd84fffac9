import { z } from "../zod.ts";
import { isFilterDay } from "../days/romanian-day.ts";
import { uuidField } from "../fields/schema-fields.ts";

/**
 * The activity log ('Jurnal', decision 073): what the administrators did, as the admin screen, the
 * API's validation and its OpenAPI document read it. Another feature that logs its actions (bookings,
 * imports) adds its action and its kind here, with their Romanian words.
 */

export const ACTIVITY_ACTIONS = [
  "login",
  "login_failed",
  "login_locked",
  "password_change",
  "password_reset",
  "create",
  "update",
  "delete",
  "reorder",
  "restore",
  "purge",
  "status_change",
  "erase",
  "cancel",
  "import",
  "login_password",
  "second_factor_enabled",
  "second_factor_disabled",
  "second_factor_failed",
  "recovery_code_used",
  "recovery_codes_renewed",
  "session_end",
  "invite",
  "invitation_accept",
  "role_change",
  "deactivate",
  "reactivate",
  "export",
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const ACTIVITY_KINDS = [
  "user",
  "category",
  "product",
  "banner",
  "configuration",
  "lead",
  "booking",
  "offer",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** The words of the screen and of the CSV file. */
export const ACTIVITY_ACTION_LABELS: Record<ActivityAction, string> = {
  login: "Autentificare",
  login_failed: "Autentificare esuata",
  login_locked: "Autentificare blocata",
  password_change: "Schimbare parola",
  password_reset: "Resetare parola",
  create: "Adaugare",
  update: "Modificare",
  delete: "Stergere",
  reorder: "Reordonare",
  restore: "Restaurare",
  purge: "Stergere definitiva",
  status_change: "Schimbare stare",
  erase: "Stergere date personale",
  cancel: "Anulare",
  import: "Import",
  login_password: "Parola acceptata, se cere codul",
  second_factor_enabled: "Activare autentificare in doi pasi",
  second_factor_disabled: "Dezactivare autentificare in doi pasi",
  second_factor_failed: "Cod gresit",
  recovery_code_used: "Cod de recuperare folosit",
  recovery_codes_renewed: "Coduri de recuperare noi",
  session_end: "Sesiune inchisa",
  invite: "Invitatie",
  invitation_accept: "Invitatie acceptata",
  role_change: "Schimbare rol",
  deactivate: "Dezactivare cont",
  reactivate: "Reactivare cont",
  export: "Export",
};

export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  user: "Utilizator",
  category: "Categorie",
  product: "Utilaj",
  banner: "Poza banner",
  configuration: "Configurare",
  lead: "Cerere oferta",
  booking: "Rezervare",
  offer: "Oferta",
};

/** A page of the list; the list reads at most ACTIVITY_MAX_OFFSET entries deep (older ones: narrow the filter). */
export const ACTIVITY_PAGE_SIZE = 50;
export const ACTIVITY_MAX_OFFSET = 10_000;

const queryDay = z
  .string({ error: "INVALID_ACTIVITY_DATE" })
  .refine(isFilterDay, { error: "INVALID_ACTIVITY_DATE" })
  .optional();

/** Which entries: an action, a kind of item, a user, and the days (Romanian, both ends included). Shared by the list and the CSV. */
export const activityFilterSchema = z.object({
  action: z.enum(ACTIVITY_ACTIONS, { error: "INVALID_ACTIVITY_ACTION" }).optional(),
  kind: z.enum(ACTIVITY_KINDS, { error: "INVALID_ACTIVITY_KIND" }).optional(),
  user: uuidField("INVALID_ACTIVITY_USER").optional(),
  from: queryDay,
  to: queryDay,
});
export type ActivityFilter = z.output<typeof activityFilterSchema>;

export const activityListQuerySchema = activityFilterSchema.extend({
  offset: z
    .string({ error: "INVALID_ACTIVITY_OFFSET" })
    .regex(/^\d{1,5}$/, { error: "INVALID_ACTIVITY_OFFSET" })
    .transform(Number)
    .pipe(z.number().int().max(ACTIVITY_MAX_OFFSET, { error: "INVALID_ACTIVITY_OFFSET" }))
    .optional(),
});
export type ActivityListQuery = z.output<typeof activityListQuerySchema>;

export const activityEntrySchema = z.object({
  id: z.string(),
  at: z.string().meta({ description: "ISO-8601, UTC." }),
  userId: z.string().nullable(),
  userName: z.string(),
  address: z.string().meta({ description: "The client's address as the rate limits see it (TRUST_PROXY)." }),
  action: z.string().meta({ description: `One of ${ACTIVITY_ACTIONS.join(", ")} (more as features are added).` }),
  kind: z.string().meta({ description: `One of ${ACTIVITY_KINDS.join(", ")} (more as features are added).` }),
  itemId: z.string().nullable(),
  itemName: z.string(),
  summary: z.string(),
  /** The item still exists: the screen links it. */
  itemExists: z.boolean(),
});
export type ActivityEntry = z.output<typeof activityEntrySchema>;

export const activityPageSchema = z.object({
  items: z.array(activityEntrySchema),
  offset: z.number().int(),
  /** Older entries follow (the next page starts at offset + items.length). */
  hasMore: z.boolean(),
  /** The accounts, for the filter by user. */
  users: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ActivityPage = z.output<typeof activityPageSchema>;
