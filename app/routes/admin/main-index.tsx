import { redirect } from "react-router";

/** Spec §2: /admin/main redirects to /admin/main/profile (the guard then asks for a login if needed). */
export function loader() {
  return redirect("/admin/main/profile");
}
