import "./load-env";
// npm run user:admin -- email@example.com
// Promotes an existing account to admin, or creates an admin account with a random password.
// Only someone with a shell on the server can run this: there is no public way to become admin.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { createOrPromoteAdmin } from "~/server/accounts/users.server";
import { startShop, stopShop } from "~/server/platform/start.server";

const email = z.email().safeParse(process.argv[2]?.trim().toLowerCase());
if (!email.success) {
  console.error("Usage: npm run user:admin -- email@example.com");
  process.exit(2);
}
await startShop();
const result = await createOrPromoteAdmin(email.data, () => randomBytes(12).toString("base64url"));
if (result.action === "already-admin") console.log(`${result.user.email} is already an admin.`);
if (result.action === "promoted") console.log(`${result.user.email} (${result.user.userName}) is now an admin.`);
if (result.action === "created") {
  console.log(`Created admin ${result.user.email} (user name ${result.user.userName}).`);
  console.log(`Password: ${result.password}   (shown once: sign in and keep it safe)`);
}
await stopShop();
