import { productionSettingsProblem, refuseToStart } from "./startup.server";

// The first module the server build evaluates (entry.server imports it before anything else):
// a start that production settings refuse ends here, before any module opens the database or
// writes to DATA_DIR.
const problem = productionSettingsProblem();
if (problem) refuseToStart(problem);
