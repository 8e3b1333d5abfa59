// Imported first by the command-line scripts: the same settings as the server (.env included).
import fs from "node:fs";
import path from "node:path";

const file = path.resolve(import.meta.dirname, "../.env");
if (fs.existsSync(file)) process.loadEnvFile(file);
