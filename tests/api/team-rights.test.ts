import { beforeAll, describe, expect, it } from "vitest";
import { ROLES, rolesWithRight, type Right, type Role } from "../../common/team/roles.ts";
import type { OpenApiDocument } from "../../server/api/openapi.ts";
import { withAdminServer } from "../helpers/admin-server.ts";
import { errorBody } from "../helpers/error-body.ts";
import { joinTeam } from "../helpers/team.ts";

/**
 * The role × operation matrix (decision 091) over real HTTP: every operation of /api/openapi.json that
 * asks for the bearer token is called by each role; a role holding the operation's right is let through
 * (neither 401 nor 403), any other is refused 403 ERROR_FORBIDDEN before the call does anything. The
 * rights are written out here as well: a new admin route fails this suite until its right is reviewed.
 */

const EXPECTED_RIGHTS: Record<string, Right> = {
  listOffers: "offers",
  getOfferDraftFromRequest: "offers",
  createOffer: "offers",
  getOffer: "offers",
  updateOffer: "offers",
  reviseOffer: "offers",
  cancelOffer: "offers",
  getOfferPdf: "offers",
  sendOffer: "offers",
  getSecondFactor: "account",
  startSecondFactorEnrolment: "account",
  confirmSecondFactor: "account",
  renewRecoveryCodes: "account",
  disableSecondFactor: "account",
  listSessions: "account",
  endSession: "account",
  endOtherSessions: "account",
  listActivity: "activity",
  exportActivity: "activity",
  logout: "account",
  getAccount: "account",
  changePassword: "account",
  updateAccount: "account",
  createBanners: "catalogue.write",
  updateBanner: "catalogue.write",
  reorderBanners: "catalogue.write",
  deleteBanner: "catalogue.write",
  getBookingFeedState: "bookings",
  renewBookingFeed: "bookings",
  listBookings: "bookings",
  createBooking: "bookings",
  getBookingAvailability: "bookings",
  getBooking: "bookings",
  updateBooking: "bookings",
  cancelBooking: "bookings",
  exportCatalogue: "catalogue.read",
  previewCatalogueImport: "catalogue.write",
  commitCatalogueImport: "catalogue.write",
  createCategory: "catalogue.write",
  updateCategory: "catalogue.write",
  deleteCategory: "catalogue.write",
  getAllConfiguration: "configuration",
  updateConfiguration: "configuration",
  listContactRequests: "leads",
  countContactRequests: "leads",
  getContactRequestOverview: "leads",
  exportContactRequests: "leads",
  getContactRequest: "leads",
  updateContactRequestStatus: "leads",
  deleteContactRequest: "leads",
  bookContactRequest: "leads",
  getProductToEdit: "catalogue.read",
  createProduct: "catalogue.write",
  updateProduct: "catalogue.write",
  deleteProduct: "catalogue.write",
  listRevisions: "catalogue.write",
  readRevision: "catalogue.write",
  restoreRevision: "catalogue.write",
  undoImport: "catalogue.write",
  listSearchMisses: "catalogue.read",
  getStatus: "status",
  listTrash: "catalogue.write",
  restoreFromTrash: "catalogue.write",
  purgeFromTrash: "catalogue.write",
  listTeam: "team",
  inviteTeamMember: "team",
  updateTeamMember: "team",
  deactivateTeamMember: "team",
  reactivateTeamMember: "team",
};

type Operation = NonNullable<NonNullable<OpenApiDocument["paths"]>[string]["get"]> & {
  "x-right"?: string;
  "x-roles"?: string[];
};

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const NOBODY = "00000000-0000-4000-8000-000000000000";

const admin = withAdminServer({ LOGIN_RATE_LIMIT: "1000" });
const tokens = new Map<Role, string>();
let guarded: { key: string; method: string; route: string; operation: Operation }[] = [];

beforeAll(async () => {
  tokens.set("administrator", admin.token);
  const vanzari = await joinTeam(
    admin,
    { name: "Vânzări Test", username: "vanzari", email: "vanzari@utilaje.test", role: "vanzari" },
    "Parola-vanzari-1",
  );
  const catalog = await joinTeam(
    admin,
    { name: "Catalog Test", username: "catalog", email: "catalog@utilaje.test", role: "catalog" },
    "Parola-catalog-1",
  );
  tokens.set("vanzari", vanzari.session.token);
  tokens.set("catalog", catalog.session.token);
  const document = (await (await admin.server.fetch("/api/openapi.json")).json()) as OpenApiDocument;
  for (const [route, item] of Object.entries(document.paths ?? {}))
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (operation?.security?.length) guarded.push({ key: `${method} ${route}`, method, route, operation });
    }
  // Logging out ends the caller's sessions: walked last.
  guarded = [
    ...guarded.filter((entry) => entry.operation.operationId !== "logout"),
    ...guarded.filter((entry) => entry.operation.operationId === "logout"),
  ];
});

describe("the rights of every guarded operation", () => {
  it("are declared by each operation, as written here, with the roles holding them and the 403", () => {
    expect(guarded.map((entry) => entry.operation.operationId).sort()).toEqual(Object.keys(EXPECTED_RIGHTS).sort());
    for (const { key, operation } of guarded) {
      const right = EXPECTED_RIGHTS[operation.operationId ?? ""];
      expect(operation["x-right"], key).toBe(right);
      expect(operation["x-roles"], key).toEqual(rolesWithRight(right));
      expect(operation.description, key).toContain(`Right: \`${right}\``);
      expect(operation.responses?.["403"], key).toBeDefined();
    }
  });

  it("let each role through where it holds the right, and refuse it 403 elsewhere, for every operation", async () => {
    const outcomes: string[] = [];
    for (const { key, method, route, operation } of guarded) {
      const right = EXPECTED_RIGHTS[operation.operationId ?? ""];
      for (const role of ROLES) {
        const allowed = rolesWithRight(right).includes(role);
        const response = await admin.server.fetch(`/api${route.replace(/\{[^}]+\}/g, NOBODY)}`, {
          method: method.toUpperCase(),
          headers: { Authorization: `Bearer ${tokens.get(role)}`, "Content-Type": "text/plain" },
          ...(method === "get" || method === "delete" ? {} : { body: "not json" }),
        });
        outcomes.push(`${key} ${role} ${response.status}`);
        const body = await response.text();
        if (allowed) expect([401, 403], `${key} as ${role}`).not.toContain(response.status);
        else {
          expect(response.status, `${key} as ${role}`).toBe(403);
          expect(JSON.parse(body)).toEqual(errorBody("ERROR_FORBIDDEN"));
        }
      }
    }
    expect(outcomes).toHaveLength(guarded.length * ROLES.length);
  });
});
