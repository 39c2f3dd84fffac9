import { api } from "../api/api-client.ts";

/** The Securitate screen's calls (decision 092). */

export interface SecondFactorState {
  enabled: boolean;
  required: boolean;
  recoveryCodesLeft: number;
}

export interface Enrolment {
  secret: string;
  uri: string;
  qrCode: string;
}

export interface OpenSession {
  id: string;
  browser: string;
  userAgent: string | null;
  address: string | null;
  lastUsedAt: string;
  current: boolean;
}

export const securityApi = {
  state: () => api.get<SecondFactorState>("/api/security/second-factor"),
  sessions: () => api.get<OpenSession[]>("/api/security/sessions"),
  startEnrolment: () => api.post<Enrolment>("/api/security/second-factor/enrolment", undefined),
  confirm: (code: string) =>
    api.post<{ recoveryCodes: string[] }>("/api/security/second-factor/confirm", { code }, { quiet: true }),
  renewCodes: (password: string) =>
    api.post<{ recoveryCodes: string[] }>("/api/security/second-factor/recovery-codes", { password }, { quiet: true }),
  disable: (password: string) => api.post("/api/security/second-factor/disable", { password }, { quiet: true }),
  endSession: (id: string) => api.post(`/api/security/sessions/${encodeURIComponent(id)}/end`, undefined),
  endOthers: () => api.post<{ ended: number }>("/api/security/sessions/end-others", undefined),
};
