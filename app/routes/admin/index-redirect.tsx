import { redirect } from "react-router";
import { LOGIN_PATH } from "../../admin/session/login-url.ts";

/** Spec §2: /admin redirects to /admin/login. */
export function loader() {
  return redirect(LOGIN_PATH);
}
