import { settingsProblem } from "./config.server";
import { dataDirProblem, productionSettingsProblem, refuseToStart } from "./startup.server";

// The first module the server build evaluates (entry.server imports it before anything else):
// a start with a setting that does not parse (config.server.ts names it) or that production
// settings refuse ends here, before any module opens the database or
// writes to DATA_DIR; so does one whose DATA_DIR cannot be written (checked once the settings pass).
const problem = settingsProblem() ?? productionSettingsProblem() ?? dataDirProblem();
if (problem) refuseToStart(problem);
