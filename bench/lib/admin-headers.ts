/** Logs in to the server at `url` as the administrator: the headers of an admin JSON call, bearer token included. */
export async function adminHeaders(url: string, password: string, username = "admin"): Promise<Record<string, string>> {
  const response = await fetch(`${url}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new Error(`login: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return { "Content-Type": "application/json", Authorization: `Bearer ${token}` };
}
