/** The administrator every test server creates; API and browser tests log in with it. */
export const TEST_ADMIN = { username: "admin", password: "Parola-de-test-1", email: "admin@utilaje.test" };
