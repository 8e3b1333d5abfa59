// npm run user:password -- email@example.com
// Sets a new random password for an account and prints it once (for the server's shell only).
import "./load-env";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { setPassword } from "~/server/accounts/users.server";
import { startShop, stopShop } from "~/server/platform/start.server";

const email = z.email().safeParse(process.argv[2]?.trim().toLowerCase());
if (!email.success) {
  console.error("Usage: npm run user:password -- email@example.com");
  process.exit(2);
}
await startShop();
const password = randomBytes(12).toString("base64url");
const user = await setPassword(email.data, password);
if (!user) {
  console.error(`No account with the e-mail ${email.data}.`);
  process.exit(1);
}
console.log(`New password for ${user.email} (${user.userName}): ${password}   (shown once)`);
await stopShop();
