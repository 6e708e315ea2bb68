/**
 * `npm run jobs -- <command>`: the jobs console's powers on the command line (scripts/lib/jobs-cli.ts).
 */
import { runJobsCli } from "./lib/jobs-cli";

process.exit(await runJobsCli(process.argv.slice(2)));
